import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys } from './types';

/** DELETE /contacts/{id}. */
export const deleteContact = ({ id }: { id: string; companyId: string }) =>
  api<void>(`/contacts/${id}`, { method: 'DELETE' });

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: async (_, { id, companyId }) => {
      queryClient.removeQueries({ queryKey: clientKeys.contact(id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.contacts(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
