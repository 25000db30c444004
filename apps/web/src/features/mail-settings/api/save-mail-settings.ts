import type { MailSettingsBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type MailSettingsRow, mailSettingsKeys } from './types';

type Save = { tenantId: string; id: string | null; body: MailSettingsBodyInput };

/** POST /tenants/{id}/mailsettings (no id) or PUT /tenants/{id}/mailsettings/{settingsId}. */
export const saveMailSettings = ({ tenantId, id, body }: Save) =>
  id
    ? api<MailSettingsRow>(`/tenants/${tenantId}/mailsettings/${id}`, { method: 'PUT', body })
    : api<MailSettingsRow>(`/tenants/${tenantId}/mailsettings`, { method: 'POST', body });

export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(mailSettingsKeys.detail(saved.tenantId, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: mailSettingsKeys.lists(saved.tenantId) });
    },
  });
}
