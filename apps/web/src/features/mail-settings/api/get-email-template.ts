import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type EmailTemplate, mailSettingsKeys } from './types';

/** GET /tenants/{id}/emailtemplate (a default template until one is saved). */
export const emailTemplateQuery = (tenantId: string) =>
  queryOptions({
    queryKey: mailSettingsKeys.template(tenantId),
    queryFn: ({ signal }) => api<EmailTemplate>(`/tenants/${tenantId}/emailtemplate`, { signal }),
  });

export const useEmailTemplate = (tenantId: string) => useQuery(emailTemplateQuery(tenantId));
