import type { User, UserListItem } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type UserRow = Wire<UserListItem>;
export type UserDetails = Wire<User>;

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  groups: (tenantId: string) => [...userKeys.all, 'groups', tenantId] as const,
  teams: (tenantId: string) => [...userKeys.all, 'teams', tenantId] as const,
  tenantOptions: () => [...userKeys.all, 'tenant-options'] as const,
};
