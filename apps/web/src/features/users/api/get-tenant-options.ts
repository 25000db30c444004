import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

export type TenantOption = { value: string; label: string };

/** GET /tenants/datalist: every tenant a super administrator may put a user in. */
export const getTenantOptions = (signal?: AbortSignal) => api<TenantOption[]>('/tenants/datalist', { signal });

export const tenantOptionsQuery = () =>
  queryOptions({ queryKey: userKeys.tenantOptions(), queryFn: ({ signal }) => getTenantOptions(signal) });

export const useTenantOptions = (enabled: boolean) => useQuery({ ...tenantOptionsQuery(), enabled });
