import type { CompanyBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keepSaved } from './keep-saved';
import { type ClientDetails, clientKeys } from './types';

/** Where a new client is sent (and queued, with no network). */
export const CLIENT_CREATE_PATH = '/companies/postCompany';
/** Where a client's changes are sent (and queued, with no network). */
export const CLIENT_UPDATE_PATH = '/companies/updateCompany';

/** POST /companies/postCompany (no id) or PATCH /companies/updateCompany. */
export const saveClient = ({ id, body }: { id: string | null; body: CompanyBodyInput }) =>
  id
    ? api<ClientDetails>(CLIENT_UPDATE_PATH, {
        method: 'PATCH',
        body: { id, ...body },
        label: { key: 'client', values: { name: body.title } },
      })
    : api<ClientDetails>(CLIENT_CREATE_PATH, {
        method: 'POST',
        body,
        label: { key: 'newClient', values: { name: body.title } },
      });

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: async (saved) => {
      keepSaved(queryClient, clientKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
