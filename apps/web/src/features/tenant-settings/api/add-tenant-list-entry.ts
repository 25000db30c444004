import { TENANT_LIST_FIELD, type TenantListEntry, type TenantListKind } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

type Add = { id: string; kind: TenantListKind; text: string };

/** POST /tenants/{id}/{kind} with the list's own field ({title} / {itemName} / {name}) and createdAt. */
export const addTenantListEntry = ({ id, kind, text }: Add) =>
  api<TenantListEntry>(`/tenants/${id}/${kind}`, {
    method: 'POST',
    body: { [TENANT_LIST_FIELD[kind]]: text, createdAt: new Date().toISOString() },
  });

export function useAddTenantListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTenantListEntry,
    onSuccess: (_entry, { id, kind }) => queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.list(id, kind) }),
  });
}
