import { CONTACT_SORTS, href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAddressBook, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDeleteContact } from '@/features/clients/api/delete-contact';
import { useClient } from '@/features/clients/api/get-client';
import { useContacts } from '@/features/clients/api/get-contacts';
import type { ContactRow } from '@/features/clients/api/types';
import { ConfirmDeleteDialog } from '@/features/clients/components/confirm-delete-dialog';
import { ContactsList } from '@/features/clients/components/contacts-list';
import { CLIENTS_PAGE_SIZE, ListStates } from '@/features/clients/components/list-parts';
import { RecordLoadFailed } from '@/features/clients/components/load-failed';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager, ListToolbar } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { PageLoader } from '@/shared/ui/page-loader';

/** /admin/clients/contacts/{clientId}: the client's contacts. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const client = useClient(id);
  useNotFoundWhen(recordMissing(id, client.error));
  const title = client.data ? t('clients.contacts.title', { title: client.data.title }) : t('clients.title');
  usePageTitle(title);
  const list = useListParams(CONTACT_SORTS, 'name', {
    take: CLIENTS_PAGE_SIZE,
  });
  const { params, onSort, setPage } = list;
  const contacts = useContacts(id, params);
  const remove = useDeleteContact();
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
  const { wide, showActions } = useListLayout();
  const data = contacts.data;
  const pages = useLastPageFollow(data, contacts.isPlaceholderData, params.page, setPage);

  if (client.isPending) return <PageLoader />;
  if (client.isError)
    return (
      <RecordLoadFailed
        title={t('clients.loadOneFailed')}
        error={client.error}
        onRetry={() => void client.refetch()}
        back={href('clients', 'list')}
      />
    );

  const addButton = (fullWidth: boolean) => (
    <Button
      component={Link}
      to={href('clients', 'typedContact', { type: 'new', id })}
      leftSection={<IconPlus size={16} />}
      fullWidth={fullWidth}
    >
      {t('clients.contacts.add')}
    </Button>
  );
  const rows = contacts.isPending ? undefined : data?.data;

  const content = (
    <ListStates
      query={contacts}
      rows={rows}
      loadFailed={t('clients.contacts.loadFailed')}
      icon={<IconAddressBook size={28} />}
      search={params.search}
      empty={t('clients.contacts.empty')}
      emptyText={t('clients.contacts.emptyText')}
    >
      <ContactsList
        rows={rows}
        loading={contacts.isFetching}
        sorting={{ sort: params.sort, direction: params.direction }}
        onSort={onSort}
        showActions={showActions}
        onDelete={setDeleting}
        wide={wide}
      />
    </ListStates>
  );

  return (
    <ListFrame
      title={title}
      subtitle={data ? t('clients.contactCount', { count: data.total }) : t('clients.contacts.subtitle')}
      actions={addButton}
    >
      <ListToolbar
        list={list}
        searchLabel={t('clients.contacts.search')}
        searchPlaceholder={t('clients.contacts.searchPlaceholder')}
        sortLabel={t('clients.sortBy')}
        sortOptions={
          wide
            ? undefined
            : [
                { value: 'name:asc', label: t('clients.contacts.sort.nameAsc') },
                { value: 'name:desc', label: t('clients.contacts.sort.nameDesc') },
                { value: 'email:asc', label: t('clients.contacts.sort.emailAsc') },
                { value: 'email:desc', label: t('clients.contacts.sort.emailDesc') },
              ]
        }
      />

      {content}

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        title={t('clients.contacts.deleteTitle')}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={t('clients.delete.failed')}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, companyId: id },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('clients.delete.done', { name: deleting.name }) });
                setDeleting(null);
              },
            },
          );
        }}
      />
    </ListFrame>
  );
}
