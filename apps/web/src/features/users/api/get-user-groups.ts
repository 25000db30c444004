import type { UserGroup as UserGroupItem } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Wire } from '@/shared/api/wire';
import { userKeys } from './types';

export type UserGroup = Wire<UserGroupItem>;

/** GET /usergroups: the user groups of the active tenant. */
export const getUserGroups = (signal?: AbortSignal) => api<UserGroup[]>('/usergroups', { signal });

export const userGroupsQuery = (tenantId: string) =>
  queryOptions({ queryKey: userKeys.groups(tenantId), queryFn: ({ signal }) => getUserGroups(signal) });

/** Groups exist per tenant: without an active tenant there are none to ask for. */
export const useUserGroups = (tenantId: string | null) =>
  useQuery({ ...userGroupsQuery(tenantId ?? ''), enabled: !!tenantId });
