import { type HomeLogoUpload, TENANT_LIMITS } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/shared/api/files';

/** File types the logo input offers (the server checks the content as well). */
export const LOGO_ACCEPT =
  '.png,.jpg,.jpeg,.svg,.ico,image/png,image/jpeg,image/svg+xml,image/x-icon,image/vnd.microsoft.icon';

/** The client-side check before uploading: type by extension, size by the server's limit. */
export function logoProblem(file: File): 'unsupportedImage' | 'imageTooLarge' | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const allowed: readonly string[] = [...TENANT_LIMITS.logoTypes, 'jpeg'];
  if (!allowed.includes(ext)) return 'unsupportedImage';
  if (file.size > TENANT_LIMITS.logoMaxBytes) return 'imageTooLarge';
  return null;
}

/** POST /tenants/{id}/content/logo: the stored logo and its copies 320 and 800 px wide. */
export const uploadContentLogo = (id: string, file: File) =>
  uploadFile<HomeLogoUpload>(`/tenants/${id}/content/logo`, file);

/** The upload's mutation key: the form waits for it before it may be saved. */
export const contentLogoUploadKey = (id: string) => ['tenant-settings', 'content-logo', id] as const;

export const useUploadContentLogo = (id: string) =>
  useMutation({ mutationKey: contentLogoUploadKey(id), mutationFn: (file: File) => uploadContentLogo(id, file) });
