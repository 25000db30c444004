import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keepSaved } from './keep-saved';
import { clientKeys, type LocationRow } from './types';

/** PATCH /companies/UpdateLocationRadius: a location's radius, in metres (companyId: the client's, for its list). */
export const updateLocationRadius = ({ id, radius }: { id: string; radius: number; companyId: string }) =>
  api<LocationRow>('/companies/UpdateLocationRadius', { method: 'PATCH', body: { id, radius } });

export function useUpdateLocationRadius() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocationRadius,
    onSuccess: async (saved, { companyId }) => {
      keepSaved(queryClient, clientKeys.location(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: clientKeys.locations(companyId) });
    },
  });
}
