import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
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
