import {
  EMPTY_HOME_CONTENT,
  type FeatureItemsBody,
  HOME_LIMITS,
  type HomeContent,
  HUB_EVENTS,
  RENAMABLE_FEATURES,
  type TenantContentBody,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { type FieldError, fieldErrors } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import { sanitizeRichText } from '../../storage/rich-text.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MediaService } from '../media/media.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import * as repo from './tenant-settings.repository.js';

/** The stored row as the API shows it. */
export function toHomeContent(row: repo.ContentRow | undefined): HomeContent {
  if (!row) return EMPTY_HOME_CONTENT;
  return {
    headline: row.headline,
    logo: row.logoMediaFile
      ? { fileUrl: row.logoMediaFile, fileUrl320: row.logoMediaFile320, fileUrl800: row.logoMediaFile800 }
      : null,
    hasCompressedImage320: !!row.logoMediaFile && !!row.logoMediaFile320,
    hasCompressedImage800: !!row.logoMediaFile && !!row.logoMediaFile800,
    pageHtml: row.pageHtml,
    pageHtml2: row.pageHtml2,
    descriptionMobile: row.descriptionMobile,
    videoUrl: row.videoUrl,
  };
}

/**
 * A tenant's settings pages that belong to the home page: the landing content (/tenants/html/{id}) and
 * the feature items' titles and descriptions (/tenants/description/{id}). Only those who run the tenant
 * may read or change them (the tenants service's check of tenant edits). A change tells the tenant's
 * open sessions (TenantChanged with the tenant they are in), which then reload their general data and
 * home content.
 */
export function createTenantSettingsService(deps: {
  db: Db;
  media: MediaService;
  tenants: TenantsService;
  hub: HubService;
  audit: AuditService;
  /** Hosts a landing page's video may be embedded from: Atrium's own and VIDEO_HOSTS. */
  videoHosts: string[];
}) {
  const { db, media, tenants, hub, audit, videoHosts } = deps;
  /** The stored content as the audit log keeps it. */
  const contentView = (row: repo.ContentRow | repo.ContentValues | undefined) => {
    if (!row) return {};
    const { tenantId: _t, updatedAt: _u, ...values } = row as repo.ContentRow;
    return values;
  };
  /** The feature items' titles and descriptions, by feature name. */
  const itemsView = (items: Awaited<ReturnType<typeof repo.featureItems>>) =>
    Object.fromEntries(
      items.map((f) => [f.name, { customTitle: f.customTitle, customDescription: f.customDescription }]),
    );

  const tellTenant = (tenantId: string) => hub.sendToTenant(tenantId, HUB_EVENTS.TenantChanged, [tenantId]);

  return {
    /** The home content of the tenant a request is in (row-level security scopes it already). */
    async homeContent(tenantId: string) {
      return toHomeContent(await repo.findContent(db, tenantId));
    },

    async content(activeTenantId: string | null, principal: Principal, tenantId: string) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const row = await withTenant(tenantId, () => repo.findContent(db, tenantId));
      return { ...toHomeContent(row), videoHosts };
    },

    async saveContent(activeTenantId: string | null, principal: Principal, tenantId: string, body: TenantContentBody) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const files = [body.logoMediaFile, body.logoMediaFile320, body.logoMediaFile800];
      const errors: FieldError[] = [];
      // A logo this user uploaded, or one the tenant shows already: never a path to someone else's file.
      const had = await withTenant(tenantId, () => repo.findContent(db, tenantId));
      const shown = [had?.logoMediaFile, had?.logoMediaFile320, had?.logoMediaFile800];
      for (const [i, field] of (['logoMediaFile', 'logoMediaFile320', 'logoMediaFile800'] as const).entries()) {
        if (files[i] && !shown.includes(files[i]) && !(await media.isUploadOf(principal.userId, files[i]))) {
          errors.push({ field, message: 'unknownMediaFile' });
        }
      }
      if (errors.length) throw fieldErrors(errors);
      const values: repo.ContentValues = {
        headline: body.headline,
        logoMediaFile: body.logoMediaFile,
        logoMediaFile320: body.logoMediaFile320,
        logoMediaFile800: body.logoMediaFile800,
        pageHtml: sanitizeRichText(body.pageHtml),
        pageHtml2: sanitizeRichText(body.pageHtml2),
        descriptionMobile: body.descriptionMobile,
        videoUrl: body.videoUrl,
      };
      for (const field of ['pageHtml', 'pageHtml2'] as const) {
        if ((values[field]?.length ?? 0) > HOME_LIMITS.richTextMax) errors.push({ field, message: 'tooLong' });
      }
      if (errors.length) throw fieldErrors(errors);
      const before = await withTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const current = await repo.findContent(tx, tenantId);
          await repo.saveContent(tx, tenantId, values);
          await media.claim(tx, files);
          await audit.record(tx, {
            action: 'tenant.settingsChanged',
            tenantId,
            recordType: 'tenantContent',
            recordId: tenantId,
            before: contentView(current),
            after: contentView(values),
          });
          return current;
        }),
      );
      // A replaced logo's files go, unless something else still shows them.
      await media.release(
        [before?.logoMediaFile, before?.logoMediaFile320, before?.logoMediaFile800].filter(
          (p) => p && !files.includes(p),
        ),
      );
      await tellTenant(tenantId);
      return { ...toHomeContent({ tenantId, updatedAt: new Date(), ...values }), videoHosts };
    },

    /** Stores an uploaded logo and its compressed copies, within the caller's upload volume. */
    async storeLogo(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      read: () => Promise<Buffer>,
    ) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const { path, copies } = await media.storeImageWithCopies(principal.userId, 'homeLogo', read, [
        ...HOME_LIMITS.logoWidths,
      ]);
      return { path, path320: copies[0] ?? null, path800: copies[1] ?? null };
    },

    async featureItems(activeTenantId: string | null, principal: Principal, tenantId: string) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      return repo.featureItems(db, tenantId, RENAMABLE_FEATURES);
    },

    /** Sets the custom titles and descriptions; every item must be a renamable feature the tenant has. */
    async saveFeatureItems(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      body: FeatureItemsBody,
    ) {
      await tenants.requireManaged(activeTenantId, principal, tenantId);
      const items = await db.transaction(async (tx) => {
        const had = await repo.featureItems(tx, tenantId, RENAMABLE_FEATURES);
        const known = new Set(had.map((f) => f.id));
        const errors: FieldError[] = [];
        body.forEach((item, i) => {
          if (!known.has(item.id)) errors.push({ field: `${i}.id`, message: 'unknownFeature' });
        });
        const descriptions = body.map((item) => sanitizeRichText(item.customDescription));
        descriptions.forEach((d, i) => {
          if ((d?.length ?? 0) > HOME_LIMITS.customDescriptionMax) {
            errors.push({ field: `${i}.customDescription`, message: 'tooLong' });
          }
        });
        if (errors.length) {
          throw fieldErrors(errors);
        }
        for (const [i, item] of body.entries()) {
          await repo.setFeatureItem(tx, tenantId, item.id, {
            customTitle: item.customTitle,
            customDescription: descriptions[i] ?? null,
          });
        }
        const saved = await repo.featureItems(tx, tenantId, RENAMABLE_FEATURES);
        await audit.record(tx, {
          action: 'tenant.featuresChanged',
          tenantId,
          recordType: 'tenantFeatureItems',
          recordId: tenantId,
          before: itemsView(had),
          after: itemsView(saved),
        });
        return saved;
      });
      await tellTenant(tenantId);
      return items;
    },
  };
}
export type TenantSettingsService = ReturnType<typeof createTenantSettingsService>;
