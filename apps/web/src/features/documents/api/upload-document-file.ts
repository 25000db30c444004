import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFileWithProgress } from '@/shared/api/files';
import { type DocumentRow, documentKeys } from './types';

export type UploadDocumentFile = {
  id: string;
  file: File;
  /** POST gives a new document its file; PATCH replaces it. */
  replace: boolean;
  onProgress?: (fraction: number) => void;
  /** Aborts the upload (the page was left). */
  signal?: AbortSignal;
};

/** POST or PATCH /documents/{id}/file (multipart, field `file`), reporting upload progress. */
export const uploadDocumentFile = ({ id, file, replace, onProgress, signal }: UploadDocumentFile) =>
  uploadFileWithProgress<DocumentRow>(`/documents/${id}/file`, file, {
    onProgress,
    signal,
    method: replace ? 'PATCH' : 'POST',
  });

export function useUploadDocumentFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocumentFile,
    onSuccess: async (document) => {
      queryClient.setQueryData(documentKeys.detail(document.id), document);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
