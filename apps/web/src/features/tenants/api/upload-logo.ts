import { TENANT_LIMITS } from '@atrium/contracts';
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

/** POST /tenants/media (multipart field `file`): stores a logo and answers the path it is served at. */
export const uploadLogo = async (file: File) => (await uploadFile<{ path: string }>('/tenants/media', file)).path;

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
