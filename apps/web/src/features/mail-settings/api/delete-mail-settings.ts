import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { mailSettingsKeys } from './types';

/** DELETE /tenants/{id}/mailsettings/{settingsId}. */
export const deleteMailSettings = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api<void>(`/tenants/${tenantId}/mailsettings/${id}`, { method: 'DELETE' });

export function useDeleteMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailSettings,
    onSuccess: async (_done, { tenantId, id }) => {
      queryClient.removeQueries({ queryKey: mailSettingsKeys.detail(tenantId, id) });
      await queryClient.invalidateQueries({ queryKey: mailSettingsKeys.lists(tenantId) });
    },
  });
}
