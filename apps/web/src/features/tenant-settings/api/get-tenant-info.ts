import type { TenantInfo } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** GET /tenants/{id}/info: the tenant's name and its collaborations' numbers. */
export const tenantInfoQuery = (id: string) =>
  queryOptions({
    queryKey: tenantSettingsKeys.info(id),
    queryFn: ({ signal }) => api<TenantInfo>(`/tenants/${id}/info`, { signal }),
  });

export const useTenantInfo = (id: string) => useQuery(tenantInfoQuery(id));
