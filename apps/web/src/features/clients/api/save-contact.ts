import type { ContactBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keepSaved } from './keep-saved';
import { type ContactRow, clientKeys } from './types';

/** Where a new contact is sent (and queued, with no network). */
export const CONTACT_CREATE_PATH = '/contacts/postContact';
/** Where a contact's changes are sent (and queued, with no network). */
export const CONTACT_UPDATE_PATH = '/contacts/updateContact';

/** POST /contacts/postContact (no id) or PUT /contacts/updateContact. */
export const saveContact = ({ id, body }: { id: string | null; body: ContactBody }) =>
  id
    ? api<ContactRow>(CONTACT_UPDATE_PATH, {
        method: 'PUT',
        body: { id, ...body },
        label: { key: 'contact', values: { name: body.name } },
      })
    : api<ContactRow>(CONTACT_CREATE_PATH, {
        method: 'POST',
        body,
        label: { key: 'newContact', values: { name: body.name } },
      });

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: async (saved, { body: { companyId } }) => {
      keepSaved(queryClient, clientKeys.contact(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: clientKeys.contacts(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(companyId) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
