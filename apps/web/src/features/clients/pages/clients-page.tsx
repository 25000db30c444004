import { COMPANY_SORTS, href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClients } from '@/features/clients/api/get-clients';
import { usePendingEditedRows, usePendingRecords } from '@/features/clients/api/pending-records';
import type { ClientRow } from '@/features/clients/api/types';
import { ClientsCards, ClientsTable } from '@/features/clients/components/clients-list';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { CLIENTS_PAGE_SIZE, ListStates } from '@/features/clients/components/list-parts';
import { PendingNotice } from '@/features/clients/components/pending-notice';
import { RadiusUnitSwitch } from '@/features/clients/components/radius-unit-switch';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager, ListToolbar } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';

/** /admin/clients: search, sort (Name, Updated Date), paging, add, and each client's row icons. */
export default function ClientsPage() {
  const { t } = useTranslation();
  usePageTitle(t('clients.title'));
  const list = useListParams(COMPANY_SORTS, 'title', {
    take: CLIENTS_PAGE_SIZE,
  });
  const { params, onSort, setPage } = list;
  const clients = useClients(params);
  const pending = usePendingRecords('clients');
  const { wide, showActions } = useListLayout();
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  const data = clients.data;
  const pages = useLastPageFollow(data, clients.isPlaceholderData, params.page, setPage);
  const { rows, edited } = usePendingEditedRows('clients', clients.isPending ? undefined : data?.data);

  const addButton = (fullWidth: boolean) => (
    <Button
      component={Link}
      to={href('clients', 'form', { id: 'new' })}
      leftSection={<IconPlus size={16} />}
      fullWidth={fullWidth}
    >
      {t('clients.add')}
    </Button>
  );

  const listProps = {
    rows,
    edited,
    loading: clients.isFetching,
    sorting: { sort: params.sort, direction: params.direction },
    onSort,
    showActions,
    onDelete: setDeleting,
  };
  const content = (
    <ListStates
      query={clients}
      rows={rows}
      loadFailed={t('clients.loadFailed')}
      icon={<IconBriefcase size={28} />}
      search={params.search}
      empty={t('clients.empty')}
      emptyText={t('clients.emptyText')}
    >
      {wide ? <ClientsTable {...listProps} /> : <ClientsCards {...listProps} />}
    </ListStates>
  );

  return (
    <ListFrame
      title={t('clients.title')}
      subtitle={data ? t('clients.total', { count: data.total }) : t('clients.subtitle')}
      actions={addButton}
    >
      <ListToolbar
        list={list}
        searchLabel={t('clients.search')}
        searchPlaceholder={t('clients.searchPlaceholder')}
        sortBy={[
          { column: 'title', name: t('clients.columns.name') },
          {
            column: 'updatedAt',
            date: { newest: t('clients.sort.updatedDesc'), oldest: t('clients.sort.updatedAsc') },
          },
        ]}
      >
        <RadiusUnitSwitch />
      </ListToolbar>

      <PendingNotice
        title={t('clients.pending', { count: pending.length })}
        records={pending}
        linkTo={(id) => href('clients', 'form', { id })}
      />

      {content}

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
    </ListFrame>
  );
}
