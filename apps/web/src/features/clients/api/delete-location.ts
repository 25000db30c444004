import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys } from './types';

/** DELETE /companyLocations/{id}. */
export const deleteLocation = ({ id }: { id: string; companyId: string }) =>
  api<void>(`/companyLocations/${id}`, { method: 'DELETE' });

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: async (_, { id, companyId }) => {
      queryClient.removeQueries({ queryKey: clientKeys.location(id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.locations(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
