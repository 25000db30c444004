import { USER_SELECT, type UserOption } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantKeys } from './types';

export type { UserOption };

/**
 * GET /users/dataselect: the live users the caller may add to a tenant, by name. Either the first
 * `take` whose name, surname, full name or email contains `search`, or exactly the users of `ids`
 * that the caller may see.
 */
export const getUserOptions = (query: { search?: string; ids?: string[] }, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.ids) params.set('ids', query.ids.join(','));
  else if (query.search?.trim()) params.set('search', query.search.trim());
  const qs = params.toString();
  return api<UserOption[]>(`/users/dataselect${qs ? `?${qs}` : ''}`, { signal });
};

/** Matches of a search; the previous matches stay on screen while the next ones load. */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: tenantKeys.userSearch(search.trim()),
    queryFn: ({ signal }) => getUserOptions({ search }, signal),
    placeholderData: keepPreviousData,
  });

/** Searches as the user types; nothing is asked until the picker is opened. */
export const useUserSearch = (search: string, enabled: boolean) => useQuery({ ...userSearchQuery(search), enabled });

/** The ids travel in the URL: a tenant with many members is labelled a batch at a time. */
const batches = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / USER_SELECT.idsMax) }, (_, i) =>
    ids.slice(i * USER_SELECT.idsMax, (i + 1) * USER_SELECT.idsMax),
  );

/** Labels for users already chosen (those of them the caller may see). */
export const userLabelsQuery = (ids: string[]) =>
  queryOptions({
    queryKey: tenantKeys.userLabels(ids),
    queryFn: async ({ signal }) =>
      (await Promise.all(batches(ids).map((batch) => getUserOptions({ ids: batch }, signal)))).flat(),
    staleTime: 5 * 60_000,
  });

export const useUserLabels = (ids: string[]) => useQuery({ ...userLabelsQuery(ids), enabled: ids.length > 0 });
