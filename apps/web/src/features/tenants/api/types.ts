import type { Tenant, TenantListItem } from '@atrium/contracts';

/** An API answer as JSON carries it: dates arrive as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type TenantRow = Wire<TenantListItem>;
export type TenantDetails = Wire<Tenant>;
export type Page<T> = { data: T[]; total: number; page: number; take: number };

export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  detail: (id: string) => [...tenantKeys.all, 'detail', id] as const,
  features: (id: string) => [...tenantKeys.all, 'features', id] as const,
  userOptions: () => [...tenantKeys.all, 'user-options'] as const,
  userSearch: (search: string) => [...tenantKeys.userOptions(), 'search', search] as const,
  userLabels: (ids: string[]) => [...tenantKeys.userOptions(), 'ids', ...ids] as const,
};
