import type { DocumentTypeBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentTypeRow, documentKeys } from './types';

/** POST /documenttypes (no id) or PUT /documenttypes/{id}. */
export const saveDocumentType = ({ id, body }: { id: string | null; body: DocumentTypeBodyInput }) =>
  id
    ? api<DocumentTypeRow>(`/documenttypes/${id}`, { method: 'PUT', body: { id, ...body } })
    : api<DocumentTypeRow>('/documenttypes', { method: 'POST', body });

export function useSaveDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocumentType,
    onSuccess: async (type) => {
      queryClient.setQueryData(documentKeys.typeDetail(type.id), type);
      await queryClient.invalidateQueries({ queryKey: documentKeys.types() });
      // The documents lists show each document's type name.
      await queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
      // The side menu lists the types shown on the sidebar, from the general data.
      await queryClient.invalidateQueries({ queryKey: ['me', 'generaldata'] });
    },
  });
}
