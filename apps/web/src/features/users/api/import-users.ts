import type { ImportPreview } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { answerError, postWithProgress, withToken } from './authorized';

export type ImportUpload = { file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** POST /users/import (multipart field `file`, xlsx or CSV): every row with its problems; nothing is written. */
export async function previewImport({ file, onProgress, signal }: ImportUpload): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file);
  const answer = await withToken((token) => postWithProgress('/users/import', form, token, onProgress, signal));
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer);
  return answer.body as ImportPreview;
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
