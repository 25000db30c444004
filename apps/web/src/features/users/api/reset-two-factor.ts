import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** DELETE /users/{id}/twofactor: a super administrator turns a user's two-factor sign-in off (audited). */
export const resetTwoFactor = (id: string) => api<void>(`/users/${id}/twofactor`, { method: 'DELETE' });

export const useResetTwoFactor = () => useMutation({ mutationFn: resetTwoFactor });
