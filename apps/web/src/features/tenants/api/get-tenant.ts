import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type TenantDetails, tenantKeys } from './types';

/** GET /tenants/{id}: one tenant with its users and features. */
export const getTenant = (id: string, signal?: AbortSignal) => api<TenantDetails>(`/tenants/${id}`, { signal });

export const tenantQuery = (id: string) =>
  queryOptions({ queryKey: tenantKeys.detail(id), queryFn: ({ signal }) => getTenant(id, signal) });

/** The tenant to edit; disabled for a new one. */
export const useTenant = (id: string | null) => useQuery({ ...tenantQuery(id ?? ''), enabled: !!id });
