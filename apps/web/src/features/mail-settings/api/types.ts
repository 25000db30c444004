import type { EmailTemplate, ListParams, MailSettings, MailSettingsSort } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type MailSettingsRow = Wire<MailSettings>;
export type { EmailTemplate, MailSettingsSort };

/** Query keys of a tenant's mail pages. */
export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
  tenant: (tenantId: string) => ['mail-settings', tenantId, 'tenant'] as const,
  lists: (tenantId: string) => ['mail-settings', tenantId, 'list'] as const,
  list: (tenantId: string, params: ListParams<MailSettingsSort>) =>
    ['mail-settings', tenantId, 'list', params] as const,
  detail: (tenantId: string, id: string) => ['mail-settings', tenantId, 'detail', id] as const,
  template: (tenantId: string) => ['mail-settings', tenantId, 'template'] as const,
};
