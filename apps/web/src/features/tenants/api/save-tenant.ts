import type { TenantBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type TenantDetails, tenantKeys } from './types';

/** POST /tenants (no id) or PUT /tenants/{id}. */
export const saveTenant = ({ id, body }: { id: string | null; body: TenantBody }) =>
  id
    ? api<TenantDetails>(`/tenants/${id}`, { method: 'PUT', body })
    : api<TenantDetails>('/tenants', { method: 'POST', body });

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenant,
    onSuccess: async (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      await queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: tenantKeys.features(tenant.id) });
      // Menus, logos and theme of the active tenant come from the general data.
      if (tenant.tenantId === tenant.id) await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
