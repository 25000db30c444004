import type { EmailTemplateBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type EmailTemplate, mailSettingsKeys } from './types';

/** PUT /tenants/{id}/emailtemplate {tenantId, emailTemplate, footerText, backgroundColor}. */
export const saveEmailTemplate = ({ tenantId, body }: { tenantId: string; body: EmailTemplateBodyInput }) =>
  api<EmailTemplate>(`/tenants/${tenantId}/emailtemplate`, { method: 'PUT', body });

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsKeys.template(saved.tenantId), saved),
  });
}
