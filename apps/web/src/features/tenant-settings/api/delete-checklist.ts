import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** DELETE /tenants/{id}/checklists/{checklistId}; the list reloads after it. */
export function useDeleteChecklist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checklistId: string) => api<void>(`/tenants/${id}/checklists/${checklistId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.checklists(id) }),
  });
}
