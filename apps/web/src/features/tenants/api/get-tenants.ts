import type { ListParams, TenantSort } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type TenantRow, tenantKeys } from './types';

export type { TenantSort };
export type TenantListParams = ListParams<TenantSort>;

/**
 * GET /tenants: one page of the tenants in the caller's scope, searched on name and created date.
 * The browser's zone goes along, so a searched date matches the date the list shows.
 */
export const getTenants = (params: TenantListParams, signal?: AbortSignal) => {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api<Page<TenantRow>>(`/tenants?${listQuery(params, { tz })}`, { signal });
};

export const tenantsQuery = (params: TenantListParams) =>
  queryOptions({
    queryKey: [...tenantKeys.lists(), params],
    queryFn: ({ signal }) => getTenants(params, signal),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTenants = (params: TenantListParams) => useQuery(tenantsQuery(params));
