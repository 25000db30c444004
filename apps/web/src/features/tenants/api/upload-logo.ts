import { type LogoFieldName, TENANT_LIMITS } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/shared/api/files';

/** File types the logo inputs offer (the server checks the content as well). */
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

/**
 * POST /tenants/media?field= (multipart field `file`): stores a logo for one of the form's logo fields
 * and answers the path it is served at. The server removes this user's previous unsaved upload for the
 * same field.
 */
export const uploadLogo = async (file: File, field: LogoFieldName) =>
  (await uploadFile<{ path: string }>(`/tenants/media?field=${field}`, file)).path;

export const useUploadLogo = (field: LogoFieldName) =>
  useMutation({ mutationFn: (file: File) => uploadLogo(file, field) });
