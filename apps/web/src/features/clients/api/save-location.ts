import type { LocationBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keepSaved } from './keep-saved';
import { clientKeys, type LocationRow } from './types';

export type LocationFields = Omit<LocationBody, 'companyId'>;

/** Where a new location is sent (and queued, with no network). */
export const LOCATION_CREATE_PATH = '/companyLocations/postLocation';
/** Where a location's changes are sent (and queued, with no network). */
export const LOCATION_UPDATE_PATH = '/companyLocations/updateLocation';

/** POST /companyLocations/postLocation (a new one for companyId) or PUT /companyLocations/updateLocation. */
export const saveLocation = ({
  id,
  companyId,
  body,
}: {
  id: string | null;
  companyId: string;
  body: LocationFields;
}) =>
  id
    ? api<LocationRow>(LOCATION_UPDATE_PATH, {
        method: 'PUT',
        body: { id, ...body },
        label: { key: 'location', values: { name: body.title } },
      })
    : api<LocationRow>(LOCATION_CREATE_PATH, {
        method: 'POST',
        body: { companyId, ...body },
        label: { key: 'newLocation', values: { name: body.title } },
      });

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: async (saved, { companyId }) => {
      keepSaved(queryClient, clientKeys.location(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: clientKeys.locations(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
