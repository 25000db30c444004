import { href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useClient } from '@/features/clients/api/get-client';
import { usePendingEditedRows, usePendingRecords } from '@/features/clients/api/pending-records';
import type { ClientDetails } from '@/features/clients/api/types';
import { ConfirmDeleteDialog } from '@/features/clients/components/confirm-delete-dialog';
import { ListStates } from '@/features/clients/components/list-parts';
import { RecordLoadFailed } from '@/features/clients/components/load-failed';
import { PendingNotice } from '@/features/clients/components/pending-notice';
import type { Page } from '@/shared/api/wire';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager, ListToolbar, type SortField, type Sorting } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { type ListState, useLastPageFollow } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { PageLoader } from '@/shared/ui/page-loader';

/** What a records list draws its rows with (ContactsList, LocationsList). */
export type RecordsListProps<Row, S extends string> = {
  rows: Row[] | undefined;
  /** Rows showing an edit that waits to be sent. */
  edited: ReadonlySet<string>;
  loading: boolean;
  sorting: Sorting<S>;
  onSort: (sort: S) => void;
  showActions: boolean;
  onDelete: (row: Row) => void;
  wide: boolean;
};

/** The list state of a query that is not asked: nothing failed, nothing to retry. */
const NOTHING_TO_ASK = { isError: false, error: null, refetch: () => undefined };

/**
 * A client's contacts or locations (/admin/clients/contacts|locations/{clientId}): the client's name
 * in the heading, an add button, search, sort, the list, paging and a delete confirmation. The two
 * pages differ in their rows, their sort options and what stands above the list (the map).
 */
export function ClientRecordsPage<S extends string, Row extends { id: string }>({
  kind,
  clientId,
  icon,
  list,
  records,
  sortBy,
  nameOf,
  remove,
  above,
  renderList,
}: {
  kind: 'contacts' | 'locations';
  clientId: string;
  icon: ReactNode;
  list: ListState<S>;
  records: UseQueryResult<Page<Row>>;
  /** The narrow layout's sort choices. */
  sortBy: SortField<S>[];
  nameOf: (row: Row) => string;
  remove: { isPending: boolean; error: unknown; reset: () => void; run: (row: Row, done: () => void) => void };
  above?: (client: ClientDetails) => ReactNode;
  renderList: (props: RecordsListProps<Row, S>) => ReactNode;
}) {
  const { t } = useTranslation();
  const client = useClient(clientId);
  const pending = usePendingRecords(kind, clientId);
  // A client saved offline is not on the server yet, so the server has none of its records to list.
  const clientQueued = usePendingRecords('clients').some((c) => c.id === clientId);
  useNotFoundWhen(recordMissing(clientId, client.error));
  const title = client.data ? t(`clients.${kind}.title`, { title: client.data.title }) : t('clients.title');
  usePageTitle(title);
  const { params, onSort, setPage } = list;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const { wide, showActions } = useListLayout();
  const data = records.data;
  const pages = useLastPageFollow(data, records.isPlaceholderData, params.page, setPage);
  const { rows, edited } = usePendingEditedRows(kind, records.isPending ? undefined : data?.data);

  // A spinner until the client has loaded (spec part 2 §2).
  if (client.isPending) return <PageLoader />;
  if (client.isError) return <RecordLoadFailed query={client} back={href('clients', 'list')} />;

  const addTo =
    kind === 'contacts'
      ? href('clients', 'typedContact', { type: 'new', id: clientId })
      : href('clients', 'typedLocation', { type: 'new', id: clientId });
  const addButton = (fullWidth: boolean) => (
    <Button component={Link} to={addTo} leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
      {t(`clients.${kind}.add`)}
    </Button>
  );
  const count = kind === 'contacts' ? 'clients.contactCount' : 'clients.locationCount';

  return (
    <ListFrame
      title={title}
      subtitle={data ? t(count, { count: data.total }) : t(`clients.${kind}.subtitle`)}
      actions={addButton}
    >
      {above?.(client.data)}

      <ListToolbar
        list={list}
        searchLabel={t(`clients.${kind}.search`)}
        searchPlaceholder={t(`clients.${kind}.searchPlaceholder`)}
        sortBy={sortBy}
      />

      <PendingNotice title={t(`clients.${kind}.pending`, { count: pending.length })} records={pending} />

      <ListStates
        query={clientQueued ? NOTHING_TO_ASK : records}
        rows={clientQueued ? [] : rows}
        loadFailed={t(`clients.${kind}.loadFailed`)}
        icon={icon}
        search={params.search}
        empty={t(`clients.${kind}.empty`)}
        emptyText={t(`clients.${kind}.emptyText`)}
      >
        {renderList({
          rows,
          edited,
          loading: records.isFetching,
          sorting: { sort: params.sort, direction: params.direction },
          onSort,
          showActions,
          onDelete: setDeleting,
          wide,
        })}
      </ListStates>

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <ConfirmDeleteDialog
        name={deleting ? nameOf(deleting) : null}
        title={t(`clients.${kind}.deleteTitle`)}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={t('clients.delete.failed')}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.run(deleting, () => {
            notifications.show({ color: 'green', message: t('clients.delete.done', { name: nameOf(deleting) }) });
            setDeleting(null);
          });
        }}
      />
    </ListFrame>
  );
}
