import type { MailSettingsTestResult } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /tenants/{id}/mailsettings/{settingsId}/test: a mail to the caller through Microsoft Graph. */
export const testMailSettings = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api<MailSettingsTestResult>(`/tenants/${tenantId}/mailsettings/${id}/test`, { method: 'POST' });

export const useTestMailSettings = () => useMutation({ mutationFn: testMailSettings });
