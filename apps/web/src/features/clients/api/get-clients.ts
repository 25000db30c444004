import type { CompanySort as ClientSort, ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type ClientRow, clientKeys } from './types';

export type { ClientSort };

/** GET /companies: one page of the active tenant's clients, searched on the title. */
export const getClients = (params: ListParams<ClientSort>, signal?: AbortSignal) =>
  api<Page<ClientRow>>(`/companies?${listQuery(params)}`, { signal });

export const clientsQuery = (params: ListParams<ClientSort>) =>
  queryOptions({
    queryKey: [...clientKeys.lists(), params],
    queryFn: ({ signal }) => getClients(params, signal),
    placeholderData: keepPreviousData,
  });

export const useClients = (params: ListParams<ClientSort>) => useQuery(clientsQuery(params));
