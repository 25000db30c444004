import { emailSchema, passwordSchema, type ResetPasswordBody } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';

/** POST /auth/forgotpassword: answers 204 whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  api<void>('/auth/forgotpassword', { method: 'POST', body: { email } });

/** POST /auth/resetpassword with the id and token of the mailed link; every session of the user ends. */
export const resetPassword = (body: ResetPasswordBody) => api<void>('/auth/resetpassword', { method: 'POST', body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** The new password for the mailed link's id and token. */
export const useResetPassword = (link: { id: string; token: string }, callbacks?: MutationCallbacks<void, string>) =>
  useMutation({ mutationFn: (password: string) => resetPassword({ ...link, password }), ...callbacks });

/** The message key the server would answer for this value (the contracts' schemas decide), or null. */
const messageOf = (schema: typeof emailSchema | typeof passwordSchema, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

/** Spec part 1 §5: email required and valid. */
export const validateEmail = (value: string) => messageOf(emailSchema, value);

/** Spec part 1 §5: a new password is required; the server's length limits apply too. */
export const validateNewPassword = (value: string) => (value ? messageOf(passwordSchema, value) : 'required');
