import type { TenantListKind } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** DELETE /tenants/{id}/{kind}/{entryId}; the list reloads after it. */
export function useDeleteTenantListEntry(id: string, kind: TenantListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api<void>(`/tenants/${id}/${kind}/${entryId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.list(id, kind) }),
  });
}
