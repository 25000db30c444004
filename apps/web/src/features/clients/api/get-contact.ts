import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type ContactRow, clientKeys } from './types';

/** GET /contacts/loadOneContact/{id}. */
export const getContact = (id: string, signal?: AbortSignal) =>
  api<ContactRow>(`/contacts/loadOneContact/${id}`, { signal });

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.contact(id), queryFn: ({ signal }) => getContact(id, signal) });

export const useContact = (id: string | null) => useQuery({ ...contactQuery(id ?? ''), enabled: !!id });
