import type { HomeContent } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useSession } from '@/shared/api/session';

/** GET /home/content: the active tenant's welcome content (a TenantChanged for the tenant reloads it). */
export const homeContentQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: ['home', 'content', userId, activeTenantId],
    queryFn: ({ signal }) => api<HomeContent>('/home/content', { signal }),
  });

export function useHomeContent() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...homeContentQuery(user?.id ?? '', user?.activeTenantId ?? null),
    enabled: !!user?.activeTenantId,
  });
}

/** The spec's empty rule: headline, logo, body and video all empty (the second block does not count). */
export const isContentEmpty = (c: HomeContent | undefined) =>
  !c || (!c.headline && !c.logo && !c.pageHtml && !c.videoUrl);
