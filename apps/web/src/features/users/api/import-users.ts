import type { ImportPreview } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadFileWithProgress } from '@/shared/api/files';

export type ImportUpload = { file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** POST /users/import (multipart field `file`, xlsx or CSV): every row with its problems; nothing is written. */
export function previewImport({ file, onProgress, signal }: ImportUpload): Promise<ImportPreview> {
  return uploadFileWithProgress<ImportPreview>('/users/import', file, { onProgress, signal });
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
