import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { clientKeys, type LocationRow } from './types';

/** GET /companyLocations/loadOneLocation/{id}. */
export const getLocation = (id: string, signal?: AbortSignal) =>
  api<LocationRow>(`/companyLocations/loadOneLocation/${id}`, { signal });

export const locationQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.location(id), queryFn: ({ signal }) => getLocation(id, signal) });

export const useLocation = (id: string | null) => useQuery({ ...locationQuery(id ?? ''), enabled: !!id });
