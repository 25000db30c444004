import type { LogoFieldName } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/shared/api/files';

/**
 * POST /tenants/media?field= (multipart field `file`): stores a logo for one of the form's logo fields
 * and answers the path it is served at. The server removes this user's previous unsaved upload for the
 * same field.
 */
export const uploadLogo = async (file: File, field: LogoFieldName) =>
  (await uploadFile<{ path: string }>(`/tenants/media?field=${field}`, file)).path;

export const useUploadLogo = (field: LogoFieldName) =>
  useMutation({ mutationFn: (file: File) => uploadLogo(file, field) });
