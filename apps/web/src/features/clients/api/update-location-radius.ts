import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys, type LocationRow } from './types';

/** PATCH /companies/UpdateLocationRadius: a location's radius, in metres. */
export const updateLocationRadius = ({ id, radius }: { id: string; radius: number }) =>
  api<LocationRow>('/companies/UpdateLocationRadius', { method: 'PATCH', body: { id, radius } });

export function useUpdateLocationRadius() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocationRadius,
    onSuccess: async (location) => {
      queryClient.setQueryData(clientKeys.location(location.id), location);
      await queryClient.invalidateQueries({ queryKey: clientKeys.locations(location.companyId) });
    },
  });
}
