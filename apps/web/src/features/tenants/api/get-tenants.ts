import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { type TenantRow, tenantKeys } from './types';

export type TenantSort = 'name' | 'createdAt';
export type TenantListParams = {
  page: number;
  take: number;
  sort: TenantSort;
  direction: 'asc' | 'desc';
  search: string;
};

/** GET /tenants: one page of the tenants in the caller's scope, searched on name and created date. */
export function getTenants(params: TenantListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    take: String(params.take),
    sort: params.sort,
    direction: params.direction,
  });
  if (params.search.trim()) query.set('search', params.search.trim());
  return api<Page<TenantRow>>(`/tenants?${query}`, { signal });
}

export const tenantsQuery = (params: TenantListParams) =>
  queryOptions({
    queryKey: [...tenantKeys.lists(), params],
    queryFn: ({ signal }) => getTenants(params, signal),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTenants = (params: TenantListParams) => useQuery(tenantsQuery(params));
