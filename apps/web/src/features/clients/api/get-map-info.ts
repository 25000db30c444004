import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys, type MapInfo } from './types';

/** GET /companies/loadMapInfo: kilometres or miles for the radius options, and the map's tile URL. */
export const getMapInfo = (signal?: AbortSignal) => api<MapInfo>('/companies/loadMapInfo', { signal });

export const mapInfoQuery = () =>
  queryOptions({ queryKey: clientKeys.mapInfo(), queryFn: ({ signal }) => getMapInfo(signal) });

export const useMapInfo = () => useQuery(mapInfoQuery());
