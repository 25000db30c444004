import { href, TENANT_SORTS } from '@atrium/contracts';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconMailForward, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTenants } from '@/features/tenants/api/get-tenants';
import { problemText } from '@/features/tenants/api/problem-messages';
import { useSendDailyMails } from '@/features/tenants/api/send-daily-mails';
import type { TenantRow } from '@/features/tenants/api/types';
import { CloneTenantDialog } from '@/features/tenants/components/clone-tenant-dialog';
import { DeleteTenantDialog } from '@/features/tenants/components/delete-tenant-dialog';
import { TenantsCards, TenantsTable } from '@/features/tenants/components/tenants-list';
import { useUserInfo } from '@/shared/api/user-info';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListStates } from '@/shared/list/list-states';
import { ListPager, ListToolbar } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** Tenants per page (the spec leaves the page size open). */
export const TENANTS_PAGE_SIZE = 25;

/** /tenants: search, sort, page through the tenants in scope; clone, delete, and the row menu's links. */
export default function TenantsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tenants.title'));
  const list = useListParams(TENANT_SORTS, 'name', {
    take: TENANTS_PAGE_SIZE,
  });
  const { params, onSort, setPage } = list;
  const { wide } = useListLayout();
  const [cloning, setCloning] = useState<TenantRow | null>(null);
  const [deleting, setDeleting] = useState<TenantRow | null>(null);
  const tenants = useTenants(params);
  // Only the accounts the server names (DAILY_MAIL_SENDERS) get the button; the server checks again.
  const canSendDailyMails = useUserInfo().data?.canSendDailyMails === true;
  const dailyMails = useSendDailyMails();

  const data = tenants.data;
  const pages = useLastPageFollow(data, tenants.isPlaceholderData, params.page, setPage);
  const rows = tenants.isPending ? undefined : data?.data;
  const addButton = (fullWidth: boolean) => (
    <Button
      component={Link}
      to={href('tenants', 'form', { id: 'new' })}
      leftSection={<IconPlus size={16} />}
      fullWidth={fullWidth}
    >
      {t('tenants.add')}
    </Button>
  );
  const sendDailyMails = () =>
    dailyMails.mutate(undefined, {
      onSuccess: ({ users }) =>
        notifications.show({
          color: 'green',
          title: t('tenants.dailyMails.sent'),
          message: t('tenants.dailyMails.queued', { count: users }),
        }),
    });
  const dailyMailsButton = (fullWidth: boolean) =>
    canSendDailyMails && (
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} />}
        loading={dailyMails.isPending}
        onClick={sendDailyMails}
        fullWidth={fullWidth}
      >
        {t('tenants.dailyMails.action')}
      </Button>
    );

  const listProps = {
    rows,
    loading: tenants.isFetching,
    sorting: { sort: params.sort, direction: params.direction },
    onSort,
    onClone: setCloning,
    onDelete: setDeleting,
  };
  const content = (
    <ListStates
      query={tenants}
      rows={rows}
      failedTitle={t('tenants.loadFailed')}
      describe={(error) => problemText(t, error)}
      icon={<IconBuildingCommunity size={28} />}
      search={params.search}
      empty={{ title: t('tenants.empty'), text: t('tenants.emptyText') }}
      noMatches={{ title: t('tenants.noMatches'), text: t('tenants.noMatchesText', { search: params.search }) }}
    >
      {wide ? <TenantsTable {...listProps} /> : <TenantsCards {...listProps} />}
    </ListStates>
  );

  return (
    <ListFrame
      title={t('tenants.title')}
      subtitle={data ? t('tenants.total', { count: data.total }) : t('tenants.subtitle')}
      actions={(fullWidth) => (
        <>
          {dailyMailsButton(fullWidth)}
          {addButton(fullWidth)}
        </>
      )}
    >
      {dailyMails.isError && (
        <ErrorAlert title={t('tenants.dailyMails.failed')}>
          <Text size="sm">{problemText(t, dailyMails.error)}</Text>
        </ErrorAlert>
      )}

      <ListToolbar
        list={list}
        searchLabel={t('tenants.search')}
        searchPlaceholder={t('tenants.searchPlaceholder')}
        sortBy={[
          { column: 'name', name: t('tenants.columns.name') },
          { column: 'createdAt', date: true },
        ]}
      />

      {content}

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <CloneTenantDialog tenant={cloning} onClose={() => setCloning(null)} />
      <DeleteTenantDialog tenant={deleting} onClose={() => setDeleting(null)} />
    </ListFrame>
  );
}
