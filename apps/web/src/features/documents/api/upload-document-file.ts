import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFileWithProgress } from '@/shared/api/files';
import { type DocumentRow, documentKeys } from './types';

export type UploadDocumentFile = {
  id: string;
  file: File;
  /** POST gives a new document its file; PATCH replaces it. */
  replace: boolean;
  onProgress?: (fraction: number) => void;
};

/** POST or PATCH /documents/{id}/file (multipart, field `file`), reporting upload progress. */
export const uploadDocumentFile = ({ id, file, replace, onProgress }: UploadDocumentFile) =>
  uploadFileWithProgress<DocumentRow>(`/documents/${id}/file`, file, {
    onProgress,
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
