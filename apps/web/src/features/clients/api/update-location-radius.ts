import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keepSaved } from './keep-saved';
import { clientKeys, type LocationRow } from './types';

/** Where a location's new radius is sent (and queued, with no network). */
export const LOCATION_RADIUS_PATH = '/companies/UpdateLocationRadius';

/** PATCH /companies/UpdateLocationRadius: a location's radius, in metres (companyId: the client's, for its list). */
export const updateLocationRadius = ({ id, radius }: { id: string; radius: number; companyId: string }) =>
  api<LocationRow>(LOCATION_RADIUS_PATH, { method: 'PATCH', body: { id, radius } });

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
