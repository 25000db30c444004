import type { UserInfo } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userInfoQuery } from '@/shared/api/user-info';

/** POST /me/gdpr: the user confirms the data-protection notice (refused while impersonating). */
export const confirmGdpr = () => api<void>('/me/gdpr', { method: 'POST' });

/** Confirms the notice; the user's info then says so, which closes the dialog. */
export function useConfirmGdpr(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmGdpr,
    onSuccess: () => {
      if (!userId) return;
      queryClient.setQueryData<UserInfo>(userInfoQuery(userId).queryKey, (old) =>
        old ? { ...old, gdprConfirmed: true } : old,
      );
    },
  });
}
