import type { TenantFeature } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantKeys } from './types';

export type { TenantFeature };

/** GET /tenants/{id}/features: the feature catalogue with the tenant's choices; `empty` for a new tenant. */
export const getTenantFeatures = (id: string | 'empty', signal?: AbortSignal) =>
  api<TenantFeature[]>(`/tenants/${id}/features`, { signal });

export const tenantFeaturesQuery = (id: string | 'empty') =>
  queryOptions({
    queryKey: tenantKeys.features(id),
    queryFn: ({ signal }) => getTenantFeatures(id, signal),
    staleTime: 5 * 60_000,
  });

export const useTenantFeatures = (id: string | null) => useQuery(tenantFeaturesQuery(id ?? 'empty'));
