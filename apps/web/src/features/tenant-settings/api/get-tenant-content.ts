import type { TenantContent } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** GET /tenants/{id}/content: the landing content for editing, with the hosts a video may come from. */
export const tenantContentQuery = (id: string) =>
  queryOptions({
    queryKey: tenantSettingsKeys.content(id),
    queryFn: ({ signal }) => api<TenantContent>(`/tenants/${id}/content`, { signal }),
  });

export const useTenantContent = (id: string) => useQuery(tenantContentQuery(id));
