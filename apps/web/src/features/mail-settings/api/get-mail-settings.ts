import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type MailSettingsRow, mailSettingsKeys } from './types';

/** GET /tenants/{id}/mailsettings/{settingsId}. */
export const mailSettingsQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: mailSettingsKeys.detail(tenantId, id),
    queryFn: ({ signal }) => api<MailSettingsRow>(`/tenants/${tenantId}/mailsettings/${id}`, { signal }),
  });

export const useMailSettings = (tenantId: string, id: string | null) =>
  useQuery({ ...mailSettingsQuery(tenantId, id ?? ''), enabled: !!id });
