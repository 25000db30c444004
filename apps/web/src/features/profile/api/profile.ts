import type { AuthUser, ProfileBody } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { uploadFile } from '@/shared/api/files';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';
import { acceptAuthResult, getSession } from '@/shared/api/session';

/** PATCH /me; the session takes the answer, so the menu, avatar and language follow at once. */
export async function updateProfile(body: ProfileBody): Promise<AuthUser> {
  const user = await api<AuthUser>('/me', { method: 'PATCH', body });
  const session = getSession();
  if (session.status === 'authenticated' && session.user.id === user.id) {
    acceptAuthResult({ user, token: session.token });
  }
  return user;
}

/** POST /auth/changepassword: the user's other sessions end; this one stays. */
export const changePassword = (body: { password: string; currentPassword: string }) =>
  api<void>('/auth/changepassword', { method: 'POST', body });

/** POST /me/avatar as multipart; answers the path to save with PATCH /me. */
export const uploadAvatar = async (file: File) => (await uploadFile<{ path: string }>('/me/avatar', file)).path;

export const useUpdateProfile = (callbacks?: MutationCallbacks<AuthUser, ProfileBody>) =>
  useMutation({ mutationFn: updateProfile, ...callbacks });

export const useChangePassword = (callbacks?: MutationCallbacks<void, { password: string; currentPassword: string }>) =>
  useMutation({ mutationFn: changePassword, ...callbacks });

export const useUploadAvatar = (callbacks?: MutationCallbacks<string, File>) =>
  useMutation({ mutationFn: uploadAvatar, ...callbacks });
