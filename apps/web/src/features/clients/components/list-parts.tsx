import { ActionIcon, EmptyState, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import sharedClasses from '@/shared/list/list.module.css';
import { LoadFailed } from '@/shared/ui/load-failed';
import classes from './list-parts.module.css';

/** Rows per page of the clients, locations and contacts lists (the spec leaves the size open). */
export const CLIENTS_PAGE_SIZE = 10;

/** A list that could not load: why, and a retry. */
function ListLoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailed title={title} message={problemText(t, error)} onRetry={onRetry} />;
}

/** An empty list: nothing yet, or nothing matching the search. */
function ListEmpty({
  icon,
  search,
  empty,
  emptyText,
}: {
  icon: ReactNode;
  search: string;
  empty: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="light"
      icon={icon}
      title={search ? t('clients.noMatches') : empty}
      description={search ? t('clients.noMatchesText', { search }) : emptyText}
      py="xl"
    />
  );
}

/** The lists' shared classes (table card, name link, card list) and the clients' own. */
export const listClasses = { ...sharedClasses, ...classes };

/** A row's icons: its own (`children`), then edit and delete, each named for screen readers. */
export function RowActions({
  name,
  editTo,
  onDelete,
  children,
}: {
  name: string;
  editTo: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      <ActionIcon variant="subtle" component={Link} to={editTo} aria-label={t('clients.actions.edit', { name })}>
        <IconEdit size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('clients.actions.delete', { name })}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** The row actions' column header: narrow, and named for screen readers only. */
export function ActionsHeader() {
  const { t } = useTranslation();
  return (
    <Table.Th className={listClasses.actionsCell}>
      <VisuallyHidden>{t('clients.columns.actions')}</VisuallyHidden>
    </Table.Th>
  );
}

/** A list's load failure or emptiness, or else the list itself. */
export function ListStates({
  query,
  rows,
  loadFailed,
  children,
  ...empty
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly unknown[] | undefined;
  loadFailed: string;
  icon: ReactNode;
  search: string;
  empty: string;
  emptyText: string;
  children: ReactNode;
}) {
  if (query.isError)
    return <ListLoadFailed title={loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  if (rows && rows.length === 0) return <ListEmpty {...empty} />;
  return children;
}
