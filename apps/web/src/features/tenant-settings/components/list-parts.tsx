import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { formatDate } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListStates } from '@/shared/list/list-states';
import { SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import classes from './tenant-list.module.css';

/** A tenant list's load failure or emptiness (in the tenant settings' words), or else the list itself. */
export function SettingsListStates({
  query,
  rows,
  icon,
  search,
  empty,
  children,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly unknown[] | undefined;
  icon: ReactNode;
  search: string;
  empty: { title: string; text: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListStates
      query={query}
      rows={rows}
      failedTitle={t('tenantSettings.loadFailed')}
      describe={(error) => problemText(t, error)}
      icon={icon}
      search={search}
      empty={empty}
      noMatches={{
        title: t('tenantSettings.list.noMatches'),
        text: t('tenantSettings.list.noMatchesText', { search }),
      }}
    >
      {children}
    </ListStates>
  );
}

/** The created date's column header, sorting the list by it. */
export function CreatedHeader<S extends string>({
  sorting,
  onSort,
}: {
  sorting: Sorting<S | 'createdAt'>;
  onSort: (sort: S | 'createdAt') => void;
}) {
  const { t } = useTranslation();
  return (
    <SortHeader
      label={t('tenantSettings.list.created')}
      column="createdAt"
      sorting={sorting}
      onSort={onSort}
      className={classes.dateCell}
    />
  );
}

/** A row's created date (dd-MM-yyyy). */
export function CreatedCell({ at }: { at: string }) {
  return (
    <Table.Td className={classes.dateCell}>
      <time dateTime={at}>{formatDate(at)}</time>
    </Table.Td>
  );
}
