import type { UserListItem } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page, Wire } from '@/shared/api/wire';

export type ImpersonationCandidate = Wire<Pick<UserListItem, 'id' | 'fullName' | 'email' | 'rolesNames' | 'deletedAt'>>;

/** How many matches the chooser offers at a time; typing narrows them. */
export const CANDIDATES_TAKE = 20;

/**
 * GET /users with the search text: people a super administrator may view the product as. Super
 * administrators are never among them (the role filter asks for the three other roles).
 */
export const searchCandidates = (search: string, signal?: AbortSignal) => {
  const query = new URLSearchParams({ take: String(CANDIDATES_TAKE), sort: 'name', roles: 'user,admin,partner' });
  if (search.trim()) query.set('search', search.trim());
  return api<Page<ImpersonationCandidate>>(`/users?${query}`, { signal });
};

export const candidatesQuery = (search: string) =>
  queryOptions({
    queryKey: ['impersonation', 'candidates', search.trim()],
    queryFn: ({ signal }) => searchCandidates(search, signal),
    placeholderData: keepPreviousData,
  });

export const useCandidates = (search: string, enabled: boolean) => useQuery({ ...candidatesQuery(search), enabled });
