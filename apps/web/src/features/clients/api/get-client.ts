import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type ClientDetails, clientKeys } from './types';

/** GET /companies/loadOneCompany/{id}: the client, with how many contacts and locations it has. */
export const getClient = (id: string, signal?: AbortSignal) =>
  api<ClientDetails>(`/companies/loadOneCompany/${id}`, { signal });

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: ({ signal }) => getClient(id, signal) });

/** The client of `id`; nothing is asked while id is null. */
export const useClient = (id: string | null) => useQuery({ ...clientQuery(id ?? ''), enabled: !!id });
