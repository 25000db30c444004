import type { GeneralData } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSession } from './session';

export const generalDataQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: ['me', 'generaldata', userId, activeTenantId],
    queryFn: ({ signal }) => api<GeneralData>('/me/generaldata', { signal }),
  });

/** Tenants, features, menu titles, logos and theme of the signed-in user's active tenant. */
export function useGeneralData() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...generalDataQuery(user?.id ?? '', user?.activeTenantId ?? null),
    enabled: !!user,
  });
}
