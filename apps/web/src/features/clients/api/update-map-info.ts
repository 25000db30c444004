import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys, type MapInfo } from './types';

/** PATCH /companies/updateMapInfo: the tenant's radius options in kilometres or miles. */
export const updateMapInfo = (useKmAsValues: boolean) =>
  api<MapInfo>('/companies/updateMapInfo', { method: 'PATCH', body: { useKmAsValues } });

export function useUpdateMapInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMapInfo,
    onSuccess: (info) => queryClient.setQueryData(clientKeys.mapInfo(), info),
  });
}
