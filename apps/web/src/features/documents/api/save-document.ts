import type { DocumentBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentRow, documentKeys } from './types';

export type { DocumentBody as DocumentFields };

/** POST /documents/postdocument: step one of a new document, the record; answers its id. */
export const createDocument = (body: DocumentBody) =>
  api<{ id: string }>('/documents/postdocument', { method: 'POST', body });

/** PATCH /documents/updatedocument: the title and type of a document. */
export const updateDocument = (body: DocumentBody & { id: string }) =>
  api<DocumentRow>('/documents/updatedocument', { method: 'PATCH', body });

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    onSuccess: async (document) => {
      queryClient.setQueryData(documentKeys.detail(document.id), document);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
