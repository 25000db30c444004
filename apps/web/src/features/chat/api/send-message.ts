import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type ChatTarget, chatKeys, type MessageRow, messageKeys, targetPath } from './keys';

/** POST /chat/{users|groups}/{id}/messages `{text}`. */
export const sendMessage = (target: ChatTarget, text: string) =>
  api<MessageRow>(`${targetPath(target)}/messages`, { method: 'POST', body: { text } });

export function useSendMessage(target: ChatTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(target, text),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.history(target) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
      ]);
    },
  });
}
