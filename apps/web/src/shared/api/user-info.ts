import type { UserInfo } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSession } from './session';

export const userInfoQuery = (userId: string) =>
  queryOptions({
    queryKey: ['me', 'info', userId],
    queryFn: ({ signal }) => api<UserInfo>('/me/info', { signal }),
  });

/** GDPR state, language and selectable tenants of the signed-in user. */
export function useUserInfo() {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : '';
  return useQuery({ ...userInfoQuery(userId), enabled: !!userId });
}
