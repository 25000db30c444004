import { z } from 'zod';
import { commaList, defineSettings } from '../../settings.js';

export type Office365Config = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  scope: string;
  hostPattern: string | undefined;
  /** The Entra tenants whose ID tokens are accepted. */
  allowedTenantIds: string[];
};

declare module '../../settings.js' {
  interface ModuleConfig {
    /** Microsoft 365 sign-in; null: not configured. */
    office365: Office365Config | null;
  }
}

const MULTI_TENANT_AUTHORITIES = ['common', 'organizations', 'consumers'];

export default defineSettings({
  env: {
    /** Microsoft 365 single sign-on: the Entra tenant (or 'common'), the app's client id and secret. */
    OFFICE365_TENANT_ID: z.string().optional(),
    OFFICE365_CLIENT_ID: z.string().optional(),
    OFFICE365_CLIENT_SECRET: z.string().optional(),
    /**
     * Entra tenants (tid) whose users may sign in, comma-separated. Defaults to OFFICE365_TENANT_ID;
     * required when that is 'common' or 'organizations', or any Entra tenant could sign in.
     */
    OFFICE365_ALLOWED_TENANT_IDS: commaList().optional(),
    /** OpenID issuer; defaults to Microsoft's v2.0 endpoint of OFFICE365_TENANT_ID. */
    OFFICE365_ISSUER: z.url().optional(),
    /** Scopes asked for at sign-in. */
    OFFICE365_SCOPE: z.string().default('openid profile email'),
    /** Show the Microsoft 365 button only on hosts matching this regular expression. */
    OFFICE365_HOST_PATTERN: z.string().optional(),
  },
  read: (e, _platform, report) => {
    if (!(e.OFFICE365_TENANT_ID && e.OFFICE365_CLIENT_ID && e.OFFICE365_CLIENT_SECRET)) return { office365: null };
    const allowed = e.OFFICE365_ALLOWED_TENANT_IDS?.length ? e.OFFICE365_ALLOWED_TENANT_IDS : [e.OFFICE365_TENANT_ID];
    if (
      !e.OFFICE365_ALLOWED_TENANT_IDS?.length &&
      MULTI_TENANT_AUTHORITIES.includes(e.OFFICE365_TENANT_ID.toLowerCase())
    ) {
      report('OFFICE365_ALLOWED_TENANT_IDS', 'required when OFFICE365_TENANT_ID is a multi-tenant authority');
    }
    return {
      office365: {
        tenantId: e.OFFICE365_TENANT_ID,
        clientId: e.OFFICE365_CLIENT_ID,
        clientSecret: e.OFFICE365_CLIENT_SECRET,
        issuer: e.OFFICE365_ISSUER ?? `https://login.microsoftonline.com/${e.OFFICE365_TENANT_ID}/v2.0`,
        scope: e.OFFICE365_SCOPE,
        hostPattern: e.OFFICE365_HOST_PATTERN,
        allowedTenantIds: allowed,
      },
    };
  },
});
