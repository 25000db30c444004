import {
  DEFAULT_EMAIL_TEMPLATE,
  type EmailTemplate,
  type EmailTemplateBody,
  type MailSettings,
  type MailSettingsBody,
  type MailSettingsListQuery,
  type MailSettingsTestResult,
  PRODUCT_NAME,
  wrapInEmailTemplate,
} from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, fieldError, fieldErrors } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import { sanitizeRichText } from '../../storage/rich-text.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  createGraphTransport,
  type GraphEndpoints,
  GraphMailError,
  GraphUnreachableError,
} from '../mail/graph.transport.js';
import { escapeHtml } from '../mail/html.js';
import type { MailMessage, MailTransport, OutgoingMail, TenantMail } from '../mail/mail.port.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { htmlToText, sanitizeMailHtml } from './mail-html.js';
import * as repo from './mail-settings.repository.js';
import { createSecretBox } from './secret-box.js';

/** A stored row as every answer shows it: never the secret, only whether there is one. */
function toMailSettings(row: repo.MailSettingsRow): MailSettings {
  return {
    id: row.id,
    tenantId: row.tenantId,
    title: row.title,
    createdAt: row.createdAt,
    msGraphTenantId: row.msGraphTenantId,
    msGraphClientId: row.msGraphClientId,
    hasClientSecret: row.msGraphClientSecretSealed !== '',
    msGraphSenderId: row.msGraphSenderId,
    msGraphFromMail: row.msGraphFromMail,
    useForSystemMails: row.useForSystemMails,
    customBusinessCard: row.customBusinessCard,
    customBusinessCardContent: row.customBusinessCardContent,
  };
}

const toTemplate = (tenantId: string, row: repo.TemplateRow | undefined): EmailTemplate => ({
  tenantId,
  emailTemplate: row?.emailTemplate ?? DEFAULT_EMAIL_TEMPLATE,
  footerText: row?.footerText ?? null,
  backgroundColor: row?.backgroundColor ?? null,
});

/** A mail's HTML and text with the business card after it and the tenant's template around it. */
export function dressMail(
  mail: MailMessage,
  card: string | null,
  template: { emailTemplate: string; footerText: string | null; backgroundColor: string | null } | null,
): MailMessage {
  const body = card ? `${mail.html}<div class="business-card">${card}</div>` : mail.html;
  const footer = template?.footerText ? htmlToText(template.footerText) : '';
  const text = [mail.text, card ? htmlToText(card) : '', footer ? `--\n${footer}` : ''].filter(Boolean).join('\n\n');
  return { ...mail, html: template ? wrapInEmailTemplate(body, template) : body, text };
}

/**
 * A tenant's mail-sending settings (/tenants/emails/...) and email template (/tenants/emailtemplate/{id}),
 * for those who run the tenant (the tenants service's check of tenant edits), and what they do to every
 * mail the tenant sends (`tenantMail`, handed to the mail service).
 */
export function createMailSettingsService(deps: {
  db: Db;
  tenants: TenantsService;
  audit: AuditService;
  /** The settings key (config.settingsKey). */
  key: Buffer;
  endpoints: GraphEndpoints;
  log: FastifyBaseLogger;
}) {
  const { db, tenants, audit, endpoints, log } = deps;
  /** An audit entry of a settings item (its answer shape: never the secret, and the log strips secret-named fields). */
  const audited = (row: repo.MailSettingsRow | undefined) => (row ? { ...toMailSettings(row) } : null);
  const box = createSecretBox(deps.key);
  /** Each tenant's Graph transport, kept while its settings are unchanged (so is its token). */
  const transports = new Map<string, { version: string; transport: MailTransport }>();

  async function load(tenantId: string, id: string) {
    const row = await withTenant(tenantId, () => repo.findSettings(db, tenantId, id));
    if (!row) throw new AppError('notFound', 'No such mail settings');
    return row;
  }

  function graphTransportOf(row: repo.MailSettingsRow): MailTransport {
    if (!row.msGraphClientSecretSealed) throw new Error('No client secret is stored for these mail settings');
    const secret = box.open(row.msGraphClientSecretSealed, row.tenantId);
    if (secret === null) {
      throw new Error(
        'The client secret of these mail settings cannot be decrypted (was SETTINGS_ENCRYPTION_KEY changed?)',
      );
    }
    return createGraphTransport({ ...row, msGraphClientSecret: secret }, endpoints);
  }

  /** A settings item's stored fields from the body, the client secret aside (create and update seal it). */
  const fieldsOf = (body: MailSettingsBody) => ({
    title: body.title,
    msGraphTenantId: body.msGraphTenantId,
    msGraphClientId: body.msGraphClientId,
    msGraphSenderId: body.msGraphSenderId ?? null,
    msGraphFromMail: body.msGraphFromMail,
    useForSystemMails: body.useForSystemMails,
    customBusinessCard: body.customBusinessCard,
    customBusinessCardContent: sanitizeRichText(body.customBusinessCardContent),
  });

  const tenantMail: TenantMail = {
    async prepare(conn: Db | Tx, mail: OutgoingMail) {
      const { tenantId: given, ...message } = mail;
      const tenantId = given === undefined ? ((await repo.tenantOfRecipient(conn, mail.to)) ?? null) : given;
      if (!tenantId) return { mail: { ...message, tenantId: null }, ownTransport: false };
      const [system, template] = await withTenant(tenantId, () =>
        Promise.all([repo.findSystemSettings(conn, tenantId), repo.findTemplate(conn, tenantId)]),
      );
      const card = system?.customBusinessCard ? system.customBusinessCardContent : null;
      return {
        mail: { ...dressMail(message, card, template ?? null), tenantId },
        ownTransport: !!system?.msGraphClientSecretSealed,
      };
    },
    async transportFor(tenantId: string) {
      const row = await withTenant(tenantId, () => repo.findSystemSettings(db, tenantId));
      if (!row?.msGraphClientSecretSealed) return null;
      const version = `${row.id}:${row.updatedAt.getTime()}`;
      const kept = transports.get(tenantId);
      if (kept?.version === version) return kept.transport;
      const transport = graphTransportOf(row);
      transports.set(tenantId, { version, transport });
      return transport;
    },
  };

  return {
    tenantMail,

    /** A page of the tenant's settings: { data, total, page, take } (API contract). */
    async list(activeTenantId: string | null, principal: Principal, tenantId: string, q: MailSettingsListQuery) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const page = await withTenant(tenantId, () => repo.listSettings(db, tenantId, q));
      return { ...page, data: page.data.map(toMailSettings) };
    },

    async get(activeTenantId: string | null, principal: Principal, tenantId: string, id: string) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      return toMailSettings(await load(tenantId, id));
    },

    async create(activeTenantId: string | null, principal: Principal, tenantId: string, body: MailSettingsBody) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      if (!body.msGraphClientSecret) {
        throw fieldErrors([{ field: 'msGraphClientSecret', message: 'required' }]);
      }
      const secret = body.msGraphClientSecret;
      const row = await withTenant(tenantId, () =>
        db.transaction(async (tx) => {
          if (body.useForSystemMails) await repo.releaseSystemFlag(tx, tenantId, null);
          const created = await repo.insertSettings(tx, tenantId, {
            ...fieldsOf(body),
            msGraphClientSecretSealed: box.seal(secret, tenantId),
          });
          await audit.record(tx, {
            action: 'mailSettings.created',
            tenantId,
            recordType: 'mailSettings',
            recordId: created.id,
            after: audited(created),
          });
          return created;
        }),
      );
      return toMailSettings(row);
    },

    /** An empty or absent secret keeps the stored one. */
    async update(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      id: string,
      body: MailSettingsBody,
    ) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      if (!body.msGraphClientSecret && !(await load(tenantId, id)).msGraphClientSecretSealed) {
        throw fieldErrors([{ field: 'msGraphClientSecret', message: 'required' }]);
      }
      const row = await withTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const before = await repo.findSettings(tx, tenantId, id);
          if (before && body.useForSystemMails) await repo.releaseSystemFlag(tx, tenantId, id);
          const updated = await repo.updateSettings(tx, tenantId, id, {
            ...fieldsOf(body),
            ...(body.msGraphClientSecret && {
              msGraphClientSecretSealed: box.seal(body.msGraphClientSecret, tenantId),
            }),
          });
          if (updated) {
            await audit.record(tx, {
              action: 'mailSettings.updated',
              tenantId,
              recordType: 'mailSettings',
              recordId: id,
              before: audited(before),
              after: audited(updated),
              // Whether a new client secret was typed (never the secret; a field named so would be stripped).
              data: body.msGraphClientSecret ? { graphSignInReplaced: true } : null,
            });
          }
          return updated;
        }),
      );
      if (!row) throw new AppError('notFound', 'No such mail settings');
      return toMailSettings(row);
    },

    async remove(activeTenantId: string | null, principal: Principal, tenantId: string, id: string) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const gone = await withTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const before = await repo.findSettings(tx, tenantId, id);
          if (!before) return undefined;
          await repo.deleteSettings(tx, tenantId, id);
          await audit.record(tx, {
            action: 'mailSettings.deleted',
            tenantId,
            recordType: 'mailSettings',
            recordId: id,
            before: audited(before),
          });
          return before;
        }),
      );
      if (!gone) throw new AppError('notFound', 'No such mail settings');
    },

    /**
     * Sends a test mail through Microsoft Graph with these settings to the caller's own address, dressed
     * as the tenant's mail is. Answers the outcome; a refusal carries the provider's reason.
     */
    async test(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      id: string,
    ): Promise<MailSettingsTestResult> {
      const tenant = await tenants.requireManaged(activeTenantId, principal, tenantId);
      const row = await load(tenantId, id);
      const to = await repo.emailOfUser(db, principal.userId);
      if (!to) throw new AppError('sessionExpired');
      const template = await withTenant(tenantId, () => repo.findTemplate(db, tenantId));
      const subject = `${PRODUCT_NAME}: test of the mail settings '${row.title}'`;
      const line = `This test mail of ${tenant.name} was sent through Microsoft Graph with the mail settings '${row.title}'.`;
      const message = dressMail(
        { to, subject, html: `<p>${escapeHtml(line)}</p>`, text: line },
        row.customBusinessCard ? row.customBusinessCardContent : null,
        template ?? null,
      );
      try {
        await graphTransportOf(row).send(message);
        return { ok: true, sentTo: to, reason: null, unreachable: false };
      } catch (err) {
        // Unreachable: the web app says so in words, with the system's code (ENOTFOUND, ...) as the reason.
        const unreachable = err instanceof GraphUnreachableError;
        const reason =
          err instanceof GraphMailError
            ? err.reason
            : unreachable
              ? err.code
              : err instanceof Error
                ? err.message
                : String(err);
        log.info({ mailSettingsId: id, reason, unreachable }, 'mail settings test failed');
        return { ok: false, sentTo: to, reason, unreachable };
      }
    },

    async template(activeTenantId: string | null, principal: Principal, tenantId: string) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      return toTemplate(tenantId, await withTenant(tenantId, () => repo.findTemplate(db, tenantId)));
    },

    async saveTemplate(activeTenantId: string | null, principal: Principal, tenantId: string, body: EmailTemplateBody) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      if (body.tenantId && body.tenantId !== tenantId) {
        throw fieldError('tenantId', 'mismatch', 'tenantId: must be the tenant of the path');
      }
      const emailTemplate = sanitizeMailHtml(body.emailTemplate);
      if (!emailTemplate) {
        throw fieldErrors([{ field: 'emailTemplate', message: 'required' }]);
      }
      const values = {
        emailTemplate,
        footerText: sanitizeRichText(body.footerText),
        backgroundColor: body.backgroundColor,
      };
      const row = await withTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const before = await repo.findTemplate(tx, tenantId);
          const saved = await repo.saveTemplate(tx, tenantId, values);
          await audit.record(tx, {
            action: 'emailTemplate.updated',
            tenantId,
            recordType: 'emailTemplate',
            recordId: tenantId,
            before: before ? { ...toTemplate(tenantId, before) } : null,
            after: { ...toTemplate(tenantId, saved) },
          });
          return saved;
        }),
      );
      return toTemplate(tenantId, row);
    },
  };
}
export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
