import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantKeys } from './types';

/** DELETE /tenants/{id}. */
export const deleteTenant = (id: string) => api<void>(`/tenants/${id}`, { method: 'DELETE' });

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: tenantKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
