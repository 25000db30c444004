/** Query keys of a tenant's settings pages. */
export const tenantSettingsKeys = {
  all: ['tenant-settings'] as const,
  tenant: (id: string) => ['tenant-settings', id, 'tenant'] as const,
  featureItems: (id: string) => ['tenant-settings', id, 'featureitems'] as const,
  content: (id: string) => ['tenant-settings', id, 'content'] as const,
};
