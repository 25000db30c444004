import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { mailSettingsKeys } from './types';

/** GET /tenants/{id}, for the name the mail pages show (404 when the caller does not run it). */
export const tenantNameQuery = (id: string) =>
  queryOptions({
    queryKey: mailSettingsKeys.tenant(id),
    queryFn: async ({ signal }) => (await api<{ id: string; name: string }>(`/tenants/${id}`, { signal })).name,
  });

export const useTenantName = (id: string) => useQuery(tenantNameQuery(id));
