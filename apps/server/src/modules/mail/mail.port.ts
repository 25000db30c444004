import type { Db, Tx } from '../../db/client.js';

/** A mail ready to go out. */
export type MailMessage = { to: string; subject: string; html: string; text: string };

/**
 * A mail a module hands to the mail service. `tenantId` names the tenant it is sent for; left out,
 * the recipient's tenant is looked up (TenantMail.prepare); null: no tenant's.
 */
export type OutgoingMail = MailMessage & { tenantId?: string | null };

/** One way of delivering mail (SMTP, Microsoft Graph). Throws when delivery failed. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * What tenants' own mail settings add to every mail the platform sends (mail-settings module): the
 * tenant's template and business card around it, and the tenant's own transport (Microsoft Graph) for it.
 */
export interface TenantMail {
  /** The mail as queued: its tenant settled, wrapped in the tenant's template; `ownTransport` when the tenant sends it itself. */
  prepare(
    conn: Db | Tx,
    mail: OutgoingMail,
  ): Promise<{ mail: MailMessage & { tenantId: string | null }; ownTransport: boolean }>;
  /** The tenant's own transport for its system mails, or null for the platform's. */
  transportFor(tenantId: string): Promise<MailTransport | null>;
}
