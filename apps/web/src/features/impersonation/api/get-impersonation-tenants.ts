import type { TenantOption } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type { TenantOption as ImpersonationTenant };

/** GET /tenants/forimpersonator/{userId}: the tenants the user belongs to (id and name). */
export const getImpersonationTenants = (userId: string, signal?: AbortSignal) =>
  api<TenantOption[]>(`/tenants/forimpersonator/${userId}`, { signal });

export const impersonationTenantsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['impersonation', 'tenants', userId],
    queryFn: ({ signal }) => getImpersonationTenants(userId, signal),
  });

export const useImpersonationTenants = (userId: string | null) =>
  useQuery({ ...impersonationTenantsQuery(userId ?? ''), enabled: !!userId });
