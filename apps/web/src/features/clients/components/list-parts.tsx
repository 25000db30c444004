import { EmptyState, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import type { ListParams } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import { LoadFailed } from '@/shared/ui/load-failed';
import classes from './list-parts.module.css';

/** Rows per page of the clients, locations and contacts lists (the spec leaves the size open). */
export const CLIENTS_PAGE_SIZE = 10;

type Changes = Partial<Record<'search' | 'sort' | 'direction' | 'page', string | null>>;

/**
 * A list's page, sort and search kept in the URL (so back and reload keep them), with the search box's
 * text debounced into it; a new search or sort starts at page 1.
 */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sortParam = searchParams.get('sort') as S | null;
  const page = Number(searchParams.get('page'));
  const params: ListParams<S> = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    take: CLIENTS_PAGE_SIZE,
    sort: sortParam && sorts.includes(sortParam) ? sortParam : defaultSort,
    direction: searchParams.get('direction') === 'desc' ? 'desc' : 'asc',
    search: searchParams.get('search') ?? '',
  };
  const [searchText, setSearchText] = useState(params.search);
  const [debounced] = useDebouncedValue(searchText, 300);

  const update = (changes: Changes) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text resets the page
  useEffect(() => {
    if (debounced.trim() !== params.search) update({ search: debounced.trim(), page: null });
  }, [debounced]);

  const onSort = (sort: S) => {
    const direction = params.sort === sort && params.direction === 'asc' ? 'desc' : 'asc';
    update({ sort, direction, page: null });
  };

  return { params, update, onSort, searchText, setSearchText };
}

/** After a delete the last page may be gone: show the one that is now last. */
export function useLastPageFollow(
  data: { total: number; take: number } | undefined,
  placeholder: boolean,
  page: number,
  update: (changes: Changes) => void,
) {
  const pages = data ? Math.max(1, Math.ceil(data.total / data.take)) : 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer's page count only
  useEffect(() => {
    if (data && !placeholder && page > pages) update({ page: pages === 1 ? null : String(pages) });
  }, [data, pages]);
  return pages;
}

export type Sorting<S extends string> = { sort: S; direction: 'asc' | 'desc' };

/** A column header that sorts the list, announcing its order (aria-sort). */
export function SortHeader<S extends string>({
  label,
  column,
  sorting,
  onSort,
}: {
  label: string;
  column: S;
  sorting: Sorting<S>;
  onSort: (sort: S) => void;
}) {
  const active = sorting.sort === column;
  const Icon = !active ? IconArrowsSort : sorting.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sorting.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
        {label}
        <Icon size={14} aria-hidden="true" className={active ? undefined : classes.sortIdle} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Where the list is and the page buttons, once there is more than one page. */
export function ListPager({
  data,
  page,
  pages,
  onPage,
}: {
  data: { total: number; take: number } | undefined;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!data || data.total <= data.take) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {t('clients.range', {
          from: (page - 1) * data.take + 1,
          to: Math.min(page * data.take, data.total),
          total: data.total,
        })}
      </Text>
      <LabelledPagination total={pages} value={Math.min(page, pages)} onChange={onPage} />
    </Group>
  );
}

/** A list that could not load: why, and a retry. */
export function ListLoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailed title={title} message={problemText(t, error)} onRetry={onRetry} />;
}

/** An empty list: nothing yet, or nothing matching the search. */
export function ListEmpty({
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

export { classes as listClasses };
