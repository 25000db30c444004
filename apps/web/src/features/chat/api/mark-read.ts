import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatUnreadKey } from '@/shared/api/chat-unread';
import { api } from '@/shared/api/client';
import { type ChatTarget, messageKeys, targetPath } from './keys';

/** POST /chat/{users|groups}/{id}/read: the conversation was opened (its unread count drops to 0). */
export const markRead = (target: ChatTarget) => api<void>(`${targetPath(target)}/read`, { method: 'POST' });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: chatUnreadKey }),
      ]),
  });
}
