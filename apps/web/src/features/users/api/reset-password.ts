import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** PUT /auth/resetpassword/{id}: an administrator sets another user's password; the answer is `true`. */
export const resetPassword = ({ id, password }: { id: string; password: string }) =>
  api<boolean>(`/auth/resetpassword/${id}`, { method: 'PUT', body: { password } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
