import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /users/{id}/2fa/reset: a super administrator turns a user's two-factor sign-in off (audited). */
export const resetTwoFactor = (id: string) => api<void>(`/users/${id}/2fa/reset`, { method: 'POST' });

export const useResetTwoFactor = () => useMutation({ mutationFn: resetTwoFactor });
