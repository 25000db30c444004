import type { EmailTemplate, MailSettings } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type MailSettingsRow = Wire<MailSettings>;
export type { EmailTemplate };

export type MailSettingsSort = 'title' | 'createdAt';

/** Query keys of a tenant's mail pages. */
export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
  tenant: (tenantId: string) => ['mail-settings', tenantId, 'tenant'] as const,
  lists: (tenantId: string) => ['mail-settings', tenantId, 'list'] as const,
  list: (tenantId: string, q: { search: string; sort: MailSettingsSort; direction: 'asc' | 'desc' }) =>
    ['mail-settings', tenantId, 'list', q] as const,
  detail: (tenantId: string, id: string) => ['mail-settings', tenantId, 'detail', id] as const,
  template: (tenantId: string) => ['mail-settings', tenantId, 'template'] as const,
};
