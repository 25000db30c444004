import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type TenantDetails, tenantKeys } from './types';

/** POST /tenants/{id}/clone: settings, features and users under a new title; user groups are not copied. */
export const cloneTenant = ({ id, title }: { id: string; title: string }) =>
  api<TenantDetails>(`/tenants/${id}/clone`, { method: 'POST', body: { title } });

export function useCloneTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.lists() }),
  });
}
