import type { Tenant, TenantListItem } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type TenantRow = Wire<TenantListItem>;
export type TenantDetails = Wire<Tenant>;

export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  detail: (id: string) => [...tenantKeys.all, 'detail', id] as const,
  features: (id: string) => [...tenantKeys.all, 'features', id] as const,
  userOptions: () => [...tenantKeys.all, 'user-options'] as const,
  userSearch: (search: string) => [...tenantKeys.userOptions(), 'search', search] as const,
  userLabels: (ids: string[]) => [...tenantKeys.userOptions(), 'ids', ...ids] as const,
};
