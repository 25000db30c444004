import type { TenantContent, TenantContentBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** PUT /tenants/{id}/content. */
export const saveTenantContent = ({ id, body }: { id: string; body: TenantContentBodyInput }) =>
  api<TenantContent>(`/tenants/${id}/content`, { method: 'PUT', body });

export function useSaveTenantContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenantContent,
    onSuccess: async (content, { id }) => {
      queryClient.setQueryData(tenantSettingsKeys.content(id), content);
      // The operator's own /home, when they are in that tenant.
      await queryClient.invalidateQueries({ queryKey: ['home', 'content'] });
    },
  });
}
