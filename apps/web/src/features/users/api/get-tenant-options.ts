import type { TenantDatalistItem } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

export type { TenantDatalistItem as TenantOption };

/** GET /tenants/datalist: every tenant a super administrator may put a user in. */
export const getTenantOptions = (signal?: AbortSignal) => api<TenantDatalistItem[]>('/tenants/datalist', { signal });

export const tenantOptionsQuery = () =>
  queryOptions({ queryKey: userKeys.tenantOptions(), queryFn: ({ signal }) => getTenantOptions(signal) });

export const useTenantOptions = (enabled: boolean) => useQuery({ ...tenantOptionsQuery(), enabled });
