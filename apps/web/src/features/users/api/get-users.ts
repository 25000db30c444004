import type { RoleFilter } from '@atrium/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { USER_LIST } from '@/shared/config/ui';
import { type UserRow, userKeys } from './types';

export type UserListFilter = {
  search: string;
  roles: RoleFilter[];
  groupIds: string[];
};

/** GET /users: one page of users, searched on name, email and full name, filtered by role and group. */
export function getUsers(filter: UserListFilter, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), take: String(USER_LIST.batch), sort: 'name' });
  if (filter.search.trim()) query.set('search', filter.search.trim());
  if (filter.roles.length) query.set('roles', filter.roles.join(','));
  if (filter.groupIds.length) query.set('groupIds', filter.groupIds.join(','));
  return api<Page<UserRow>>(`/users?${query}`, { signal });
}

/** The list grows by a batch of 50 (spec part 1 §9) each time the end of it scrolls into view. */
export const usersQuery = (filter: UserListFilter) =>
  infiniteQueryOptions({
    queryKey: [...userKeys.lists(), filter],
    queryFn: ({ pageParam, signal }) => getUsers(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.take < last.total ? last.page + 1 : undefined),
  });

export const useUsers = (filter: UserListFilter) => useInfiniteQuery(usersQuery(filter));
