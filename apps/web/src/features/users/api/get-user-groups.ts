import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

export type UserGroup = { id: string; name: string; createdAt: string };

/** GET /usergroups: the user groups of the active tenant. */
export const getUserGroups = (signal?: AbortSignal) => api<UserGroup[]>('/usergroups', { signal });

export const userGroupsQuery = (tenantId: string) =>
  queryOptions({ queryKey: userKeys.groups(tenantId), queryFn: ({ signal }) => getUserGroups(signal) });

/** Groups exist per tenant: without an active tenant there are none to ask for. */
export const useUserGroups = (tenantId: string | null) =>
  useQuery({ ...userGroupsQuery(tenantId ?? ''), enabled: !!tenantId });
