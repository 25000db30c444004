import type { HomeLogoUpload } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/shared/api/files';

/** POST /tenants/{id}/content/logo: the stored logo and its copies 320 and 800 px wide. */
export const uploadContentLogo = (id: string, file: File) =>
  uploadFile<HomeLogoUpload>(`/tenants/${id}/content/logo`, file);

/** The upload's mutation key: the form waits for it before it may be saved. */
export const contentLogoUploadKey = (id: string) => ['tenant-settings', 'content-logo', id] as const;

export const useUploadContentLogo = (id: string) =>
  useMutation({ mutationKey: contentLogoUploadKey(id), mutationFn: (file: File) => uploadContentLogo(id, file) });
