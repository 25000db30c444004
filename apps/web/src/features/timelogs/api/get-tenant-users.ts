import type { UserOption } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** GET /users/dataselect: the tenant's users matching a search, or those `ids` names (to label them). */
export const useTenantUsers = (search: string, ids: string[]) =>
  useQuery({
    queryKey: [...timelogsKeys.tenantUsers(search), ids.join(',')],
    queryFn: async ({ signal }) => {
      const found = await api<UserOption[]>(`/users/dataselect?${new URLSearchParams({ search, take: '50' })}`, {
        signal,
      });
      const missing = ids.filter((id) => !found.some((u) => u.id === id)).slice(0, 100);
      if (!missing.length) return found;
      const chosen = await api<UserOption[]>(`/users/dataselect?${new URLSearchParams({ ids: missing.join(',') })}`, {
        signal,
      });
      return [...found, ...chosen];
    },
    placeholderData: keepPreviousData,
  });
