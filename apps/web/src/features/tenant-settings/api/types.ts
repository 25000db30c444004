/** Query keys of a tenant's settings pages. */
export const tenantSettingsKeys = {
  all: ['tenant-settings'] as const,
  tenant: (id: string) => ['tenant-settings', id, 'tenant'] as const,
  featureItems: (id: string) => ['tenant-settings', id, 'featureitems'] as const,
  content: (id: string) => ['tenant-settings', id, 'content'] as const,
  info: (id: string) => ['tenant-settings', id, 'info'] as const,
  /** One of the four simple lists (tags, folders, teams, departments); with its page parameters below it. */
  list: (id: string, kind: string) => ['tenant-settings', id, 'list', kind] as const,
  checklists: (id: string) => ['tenant-settings', id, 'checklists'] as const,
};
