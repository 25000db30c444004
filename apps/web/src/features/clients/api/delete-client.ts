import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys } from './types';

/** DELETE /companies/{id}: the client with its contacts and locations. */
export const deleteClient = (id: string) =>
  api<{ id: string; contacts: number; locations: number }>(`/companies/${id}`, { method: 'DELETE' });

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      queryClient.removeQueries({ queryKey: clientKeys.locations(id) });
      queryClient.removeQueries({ queryKey: clientKeys.contacts(id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
