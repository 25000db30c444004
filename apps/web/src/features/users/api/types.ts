import type { User, UserListItem } from '@atrium/contracts';

/** An API answer as JSON carries it: dates arrive as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type UserRow = Wire<UserListItem>;
export type UserDetails = Wire<User>;
export type Page<T> = { data: T[]; total: number; page: number; take: number };

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  groups: (tenantId: string) => [...userKeys.all, 'groups', tenantId] as const,
  tenantOptions: () => [...userKeys.all, 'tenant-options'] as const,
};
