import type { TenantSettingsService } from '../tenant-settings/tenant-settings.service.js';

/** /home: the active tenant's welcome content (its tiles come from GET /me/generaldata). */
export function createHomeService(deps: { tenantSettings: TenantSettingsService }) {
  return {
    content: (tenantId: string) => deps.tenantSettings.homeContent(tenantId),
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
