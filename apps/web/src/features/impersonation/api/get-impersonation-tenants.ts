import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type ImpersonationTenant = { id: string; name: string };

/** GET /tenants/forimpersonator/{userId}: the tenants the user belongs to (id and name). */
export const getImpersonationTenants = (userId: string, signal?: AbortSignal) =>
  api<ImpersonationTenant[]>(`/tenants/forimpersonator/${userId}`, { signal });

export const impersonationTenantsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['impersonation', 'tenants', userId],
    queryFn: ({ signal }) => getImpersonationTenants(userId, signal),
  });

export const useImpersonationTenants = (userId: string | null) =>
  useQuery({ ...impersonationTenantsQuery(userId ?? ''), enabled: !!userId });
