import type { ListParams, TenantListEntry, TenantListKind, TenantListSort } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { tenantSettingsKeys } from './types';

/** GET /tenants/{id}/{tags|folders|teams|departments}: a page of the list, searched and sorted. */
export const tenantListQuery = (id: string, kind: TenantListKind, params: ListParams<TenantListSort>) =>
  queryOptions({
    queryKey: [...tenantSettingsKeys.list(id, kind), params] as const,
    queryFn: ({ signal }) => api<Page<TenantListEntry>>(`/tenants/${id}/${kind}?${listQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTenantList = (id: string, kind: TenantListKind, params: ListParams<TenantListSort>) =>
  useQuery(tenantListQuery(id, kind, params));
