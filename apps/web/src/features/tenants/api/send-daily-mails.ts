import type { SendDailyMailsResult } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /notifications/senddailymails: one digest mail per daily subscriber; answers how many were queued. */
export const sendDailyMails = () => api<SendDailyMailsResult>('/notifications/senddailymails', { method: 'POST' });

export function useSendDailyMails() {
  return useMutation({ mutationFn: sendDailyMails });
}
