import type { ContactSort, ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type ContactRow, clientKeys } from './types';

export type { ContactSort };

/** GET /contacts/customLoadPage/: one page of a client's contacts. */
export const getContacts = (clientId: string, params: ListParams<ContactSort>, signal?: AbortSignal) =>
  api<Page<ContactRow>>(`/contacts/customLoadPage/?${listQuery(params, { clientId })}`, { signal });

export const contactsQuery = (clientId: string, params: ListParams<ContactSort>) =>
  queryOptions({
    queryKey: [...clientKeys.contacts(clientId), params],
    queryFn: ({ signal }) => getContacts(clientId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useContacts = (clientId: string, params: ListParams<ContactSort>) =>
  useQuery(contactsQuery(clientId, params));
