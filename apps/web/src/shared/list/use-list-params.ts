import type { ListParams } from '@atrium/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useUrlQuery } from '@/shared/routing/use-url-query';

export type ListChanges = Partial<Record<'search' | 'sort' | 'direction' | 'page', string | null>>;
type Direction = ListParams['direction'];

/**
 * A list's page, sort and search kept in the URL (so back and reload keep them), with the search box's
 * text debounced into it; a new search or sort starts at page 1.
 */
export function useListParams<S extends string>(
  sorts: readonly S[],
  defaultSort: S,
  { take, direction: defaultDirection = 'asc' }: { take: number; direction?: Direction },
) {
  const [searchParams, setQuery] = useUrlQuery();
  const update = (changes: ListChanges) => setQuery(changes);
  const sortParam = searchParams.get('sort') as S | null;
  const directionParam = searchParams.get('direction');
  const page = Number(searchParams.get('page'));
  const params: ListParams<S> = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    take,
    sort: sortParam && sorts.includes(sortParam) ? sortParam : defaultSort,
    direction: directionParam === 'asc' || directionParam === 'desc' ? directionParam : defaultDirection,
    search: searchParams.get('search') ?? '',
  };
  const [searchText, setSearchText] = useState(params.search);
  const [debounced] = useDebouncedValue(searchText, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text resets the page
  useEffect(() => {
    if (debounced.trim() !== params.search) update({ search: debounced.trim(), page: null });
  }, [debounced]);

  /** A column header's click: that column ascending, or the other way round when it is already so. */
  const onSort = (sort: S) => {
    const direction = params.sort === sort && params.direction === 'asc' ? 'desc' : 'asc';
    update({ sort, direction, page: null });
  };

  const setPage = (p: number) => update({ page: p === 1 ? null : String(p) });

  return { params, update, onSort, setPage, searchText, setSearchText };
}

/** What useListParams answers: the parameters and how to change them. */
export type ListState<S extends string> = ReturnType<typeof useListParams<S>>;

/** What a toolbar needs of it: the search text, the sort and how to change them. */
export type ListControls<S extends string> = Pick<ListState<S>, 'params' | 'update' | 'searchText' | 'setSearchText'>;

/** After a delete the last page may be gone: show the one that is now last. Answers the page count. */
export function useLastPageFollow(
  data: { total: number; take: number } | undefined,
  placeholder: boolean,
  page: number,
  setPage: (page: number) => void,
) {
  const pages = data ? Math.max(1, Math.ceil(data.total / data.take)) : 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer's page count only
  useEffect(() => {
    if (data && !placeholder && page > pages) setPage(pages);
  }, [data, pages]);
  return pages;
}
