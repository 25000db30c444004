import type { ListParams, LocationSort } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { clientKeys, type LocationRow } from './types';

export type { LocationSort };

/** GET /companyLocations/customLoadPage/: one page of a client's locations. */
export const getLocations = (clientId: string, params: ListParams<LocationSort>, signal?: AbortSignal) =>
  api<Page<LocationRow>>(`/companyLocations/customLoadPage/?${listQuery(params, { clientId })}`, { signal });

export const locationsQuery = (clientId: string, params: ListParams<LocationSort>) =>
  queryOptions({
    queryKey: [...clientKeys.locations(clientId), params],
    queryFn: ({ signal }) => getLocations(clientId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useLocations = (clientId: string, params: ListParams<LocationSort>) =>
  useQuery(locationsQuery(clientId, params));
