import { randomUUID } from 'node:crypto';
import { can, type LogoFieldName, POLICIES, type Tenant, type TenantBody } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, type FieldError, fieldErrors } from '../../http/errors.js';
import { needTenant } from '../../http/tenant-context.js';
import type { TenantFeatures } from '../../http/tenant-features.js';
import type { Principal } from '../../http/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MediaService } from '../media/media.service.js';
import { checkNameFree, nameConflict } from './tenant-name.js';
import * as repo from './tenants.repository.js';

/** Which tenants a caller manages: all of them, or those run by one partner tenant. */
export type TenantScope = { all: true } | { all: false; partnerTenantId: string };

const isSuper = (p: Principal) => can(p, POLICIES.superadmins);

/**
 * A super administrator manages every tenant. A partner manager manages the tenants run by the
 * partner tenant they are working in (their active tenant, which must be a partner tenant). The route
 * passes the active tenant (activeTenantOf): a super administrator needs none.
 */
export async function tenantScopeOf(db: Db, activeTenantId: string | null, principal: Principal): Promise<TenantScope> {
  if (isSuper(principal)) return { all: true };
  if (!can(principal, POLICIES.onlyPartnerManagers)) throw new AppError('forbidden');
  const partner = await repo.findTenant(
    db,
    needTenant(activeTenantId, 'Choose your partner tenant as the active tenant'),
  );
  if (!partner?.isPartnerTenant) throw new AppError('forbidden', 'Your active tenant is not a partner tenant');
  return { all: false, partnerTenantId: partner.id };
}

const inScope = (scope: TenantScope, t: repo.TenantRow) => scope.all || t.partnerTenantId === scope.partnerTenantId;

/** The partner tenant whose limits a tenant counts against, if any. */
const familyOf = (t: Pick<repo.TenantRow, 'id' | 'partnerTenantId' | 'isPartnerTenant'>) =>
  t.partnerTenantId ?? (t.isPartnerTenant ? t.id : null);

export function createTenantsService(deps: {
  db: Db;
  media: MediaService;
  auth: AuthService;
  features: TenantFeatures;
  audit: AuditService;
  /**
   * Writes the other modules' defaults of a new tenant (modules/index.ts seedTenantDefaults: the
   * notification event types), in the transaction that creates it, which runs in its scope.
   */
  seedTenant: (tx: Db, tenantId: string) => Promise<void>;
}) {
  const { db, audit } = deps;
  /**
   * Creates a tenant in one transaction run in the new tenant's scope (its id chosen here), so that
   * its tenant-owned defaults can be written with it, and nothing of another tenant's is in reach.
   */
  const newTenant = <T>(run: (tx: Db, id: string) => Promise<T>) => {
    const id = randomUUID();
    return withTenant(id, () => db.transaction((tx) => run(tx, id)));
  };

  /** A tenant as the audit log shows it: its settings, features (names; 'mobile' marks the app's) and members. */
  async function auditView(conn: Db, id: string) {
    const tenant = await repo.findTenant(conn, id);
    if (!tenant) return null;
    const { nameKey: _key, createdAt: _created, deletedAt: _deleted, ...settings } = tenant;
    const feats = await repo.featuresOf(conn, id);
    return {
      ...settings,
      features: feats.map((f) => (f.mobile ? `${f.name} (mobile)` : f.name)),
      userIds: (await repo.memberIds(conn, id)).sort(),
    };
  }
  async function loadInScope(conn: Db, scope: TenantScope, id: string) {
    const tenant = await repo.findTenant(conn, id);
    // Out of scope looks exactly like missing: nothing about other tenants leaks.
    if (!tenant || !inScope(scope, tenant)) throw new AppError('notFound', 'No such tenant');
    return tenant;
  }

  async function details(conn: Db, tenant: repo.TenantRow, activeTenantId: string | null): Promise<Tenant> {
    const [userIds, feats, countOfUsers] = await Promise.all([
      repo.memberIds(conn, tenant.id),
      repo.featuresOf(conn, tenant.id),
      repo.liveCountOfUsers(conn, tenant.id),
    ]);
    const { deletedAt: _deleted, nameKey: _key, ...rest } = tenant;
    return {
      ...rest,
      customTenantProperties: tenant.customTenantProperties ?? null,
      features: feats.map((f) => ({ id: f.id, name: f.name, customTitle: f.customTitle })),
      featureIds: feats.map((f) => f.id),
      mobileFeatureIds: feats.filter((f) => f.mobile).map((f) => f.id),
      userIds,
      countOfUsers,
      tenantId: activeTenantId,
    };
  }

  /** Field checks that need the database: features, users and logos must exist and be allowed. */
  /**
   * `logos`: who saves (their uploads may be shown) and the logos the tenant shows already; any other
   * media path, another tenant's logo say, is refused.
   */
  async function checkReferences(
    conn: Db,
    scope: TenantScope,
    body: TenantBody,
    keepUserIds: string[],
    logos: { userId: string; shown: (string | null)[] },
  ) {
    const errors: FieldError[] = [];
    const known = await repo.existingFeatureIds(conn, body.featureIds);
    body.featureIds.forEach((id, i) => {
      if (!known.has(id)) errors.push({ field: `featureIds.${i}`, message: 'unknownFeature' });
    });
    const liveUsers = await repo.liveUserIds(conn, body.userIds);
    // A partner manager picks users among their partner tenant's own people (and keeps those already there).
    const allowed = scope.all
      ? liveUsers
      : new Set([...(await repo.familyUserIds(conn, scope.partnerTenantId, body.userIds)), ...keepUserIds]);
    body.userIds.forEach((id, i) => {
      if (!liveUsers.has(id) || !allowed.has(id)) errors.push({ field: `userIds.${i}`, message: 'unknownUser' });
    });
    for (const field of ['logoMediaFile', 'mobileLogoMediaFile'] as const) {
      const path = body[field];
      if (path && !logos.shown.includes(path) && !(await deps.media.isUploadOf(logos.userId, path, conn))) {
        errors.push({ field, message: 'unknownMediaFile' });
      }
    }
    if (errors.length) throw fieldErrors(errors);
  }

  /** Partner settings are the super administrator's; anyone else must leave them as they are. */
  function checkPartnerFields(principal: Principal, body: TenantBody, current: repo.TenantRow | undefined) {
    if (isSuper(principal)) return;
    const errors: FieldError[] = [];
    const was = {
      isPartnerTenant: current?.isPartnerTenant ?? false,
      maxUsersCanCreate: current?.maxUsersCanCreate ?? null,
      maxTenantsCanCreate: current?.maxTenantsCanCreate ?? null,
    };
    for (const field of ['isPartnerTenant', 'maxUsersCanCreate', 'maxTenantsCanCreate'] as const) {
      if ((body[field] ?? null) !== was[field]) {
        errors.push({ field, message: 'onlySuperadmin' });
      }
    }
    if (errors.length) {
      throw new AppError('forbidden', 'Only a super administrator can change the partner settings', errors);
    }
  }

  /** Refuses a change that takes a partner tenant past maxUsersCanCreate (super administrators are not limited). */
  async function checkUserQuota(conn: Db, principal: Principal, partnerTenantId: string | null, before: number) {
    if (!partnerTenantId || isSuper(principal)) return;
    const partner = await repo.findTenant(conn, partnerTenantId);
    const max = partner?.maxUsersCanCreate;
    if (max === null || max === undefined) return;
    const after = await repo.countFamilyUsers(conn, partnerTenantId);
    if (after > max && after > before) {
      throw new AppError(
        'quotaExceeded',
        `The partner tenant "${partner!.name}" may have at most ${max} users; this would make ${after}`,
      );
    }
  }

  async function checkTenantQuota(conn: Db, principal: Principal, partnerTenantId: string | null) {
    if (!partnerTenantId || isSuper(principal)) return;
    await repo.lockPartner(conn, partnerTenantId);
    const partner = await repo.findTenant(conn, partnerTenantId);
    const max = partner?.maxTenantsCanCreate;
    if (max === null || max === undefined) return;
    const n = await repo.countChildren(conn, partnerTenantId);
    if (n >= max) {
      throw new AppError(
        'quotaExceeded',
        `The partner tenant "${partner!.name}" may create at most ${max} tenants and already has ${n}`,
      );
    }
  }

  const values = (body: TenantBody): repo.TenantValues => ({
    name: body.name,
    cvr: body.cvr ?? null,
    address: body.address ?? null,
    mainMail: body.mainMail ?? null,
    remarks: body.remarks ?? null,
    phoneNumber: body.phoneNumber ?? null,
    mapZoom: body.mapZoom ?? null,
    startingAddress: body.startingAddress ?? null,
    startingLat: body.startingLat ?? null,
    startingLng: body.startingLng ?? null,
    showCalendarAsList: body.showCalendarAsList,
    useKmAsValues: body.useKmAsValues,
    allowUnauthorizedAccess: body.allowUnauthorizedAccess,
    requireTwoFactor: body.requireTwoFactor,
    tenantDocumentId: body.tenantDocumentId ?? null,
    preferedUrl: body.preferedUrl ?? null,
    isPartnerTenant: body.isPartnerTenant,
    maxUsersCanCreate: body.isPartnerTenant ? (body.maxUsersCanCreate ?? null) : null,
    maxTenantsCanCreate: body.isPartnerTenant ? (body.maxTenantsCanCreate ?? null) : null,
    logoMediaFile: body.logoMediaFile ?? null,
    mobileLogoMediaFile: body.mobileLogoMediaFile ?? null,
    customTenantProperties: body.customTenantProperties ?? null,
  });

  /**
   * People taken out of a tenant lose their sessions working in it (those tokens name a tenant they no
   * longer belong to); their sessions in other tenants go on.
   */
  async function endSessionsOf(tenantId: string, userIds: string[]) {
    for (const userId of userIds) await deps.auth.revokeUserSessionsInTenant(userId, tenantId, 'removedFromTenant');
  }

  return {
    scopeOf: (activeTenantId: string | null, principal: Principal) => tenantScopeOf(db, activeTenantId, principal),

    /** The check of tenant edits, for a tenant's settings pages: 403 for non-managers, 404 out of scope. */
    async requireManaged(activeTenantId: string | null, principal: Principal, id: string) {
      const tenant = await loadInScope(db, await tenantScopeOf(db, activeTenantId, principal), id);
      return { id: tenant.id, name: tenant.name };
    },

    async list(activeTenantId: string | null, principal: Principal, q: Omit<repo.TenantListFilter, 'partnerTenantId'>) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      const filter = { ...q, partnerTenantId: scope.all ? undefined : scope.partnerTenantId };
      const rows = await repo.listTenants(db, filter);
      // Past the last page there is no row to carry the total.
      const total = rows[0]?.total ?? (q.offset > 0 ? await repo.countTenants(db, filter) : 0);
      // Each row also carries the total, which the compiled serializer leaves out (it writes only the
      // schema's fields): cheaper than copying 50 rows without it.
      return { rows, total };
    },

    async inScope(activeTenantId: string | null, principal: Principal) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      return repo.tenantsInScope(db, scope.all ? undefined : scope.partnerTenantId);
    },

    async get(activeTenantId: string | null, principal: Principal, id: string) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      return details(db, await loadInScope(db, scope, id), activeTenantId);
    },

    async create(activeTenantId: string | null, principal: Principal, body: TenantBody) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      checkPartnerFields(principal, body, undefined);
      const created = await newTenant(async (tx, id) => {
        await checkNameFree(tx, 'name', body.name);
        await checkReferences(tx, scope, body, [], { userId: principal.userId, shown: [] });
        const partnerTenantId = scope.all ? null : scope.partnerTenantId;
        await checkTenantQuota(tx, principal, partnerTenantId);
        const before = partnerTenantId ? await repo.countFamilyUsers(tx, partnerTenantId) : 0;
        const tenant = await repo.insertTenant(tx, { id, ...values(body), partnerTenantId });
        await deps.seedTenant(tx, tenant.id);
        await repo.setFeatures(tx, tenant.id, body.featureIds, body.mobileFeatureIds);
        await repo.setMembers(tx, tenant.id, body.userIds);
        await checkUserQuota(tx, principal, familyOf(tenant), before);
        await deps.media.claim(tx, [tenant.logoMediaFile, tenant.mobileLogoMediaFile]);
        await audit.record(tx, {
          action: 'tenant.created',
          tenantId: tenant.id,
          recordType: 'tenant',
          recordId: tenant.id,
          after: await auditView(tx, tenant.id),
        });
        return tenant;
      }).catch((err: unknown) => {
        throw nameConflict(err, 'name', body.name);
      });
      return details(db, created, activeTenantId);
    },

    async update(activeTenantId: string | null, principal: Principal, id: string, body: TenantBody) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      const { tenant, removed, before } = await db
        .transaction(async (tx) => {
          const current = await loadInScope(tx, scope, id);
          const auditBefore = await auditView(tx, id);
          checkPartnerFields(principal, body, current);
          await checkNameFree(tx, 'name', body.name, id);
          await checkReferences(tx, scope, body, await repo.memberIds(tx, id), {
            userId: principal.userId,
            shown: [current.logoMediaFile, current.mobileLogoMediaFile],
          });
          const family = familyOf({ ...current, isPartnerTenant: body.isPartnerTenant });
          if (family && !isSuper(principal)) await repo.lockPartner(tx, family);
          const before = family ? await repo.countFamilyUsers(tx, family) : 0;
          await repo.updateTenant(tx, id, values(body));
          await repo.setFeatures(tx, id, body.featureIds, body.mobileFeatureIds);
          const { removed } = await repo.setMembers(tx, id, body.userIds);
          await checkUserQuota(tx, principal, family, before);
          await deps.media.claim(tx, [body.logoMediaFile, body.mobileLogoMediaFile]);
          await audit.record(tx, {
            action: 'tenant.updated',
            tenantId: id,
            recordType: 'tenant',
            recordId: id,
            before: auditBefore,
            after: await auditView(tx, id),
          });
          return { tenant: (await repo.findTenant(tx, id))!, removed, before: current };
        })
        .catch((err: unknown) => {
          throw nameConflict(err, 'name', body.name);
        });
      deps.features.forget(id);
      await endSessionsOf(id, removed);
      // A replaced logo's file goes, unless something else (a clone, say) still shows it.
      await deps.media.release(
        [before.logoMediaFile, before.mobileLogoMediaFile].filter(
          (p) => p !== tenant.logoMediaFile && p !== tenant.mobileLogoMediaFile,
        ),
      );
      return details(db, tenant, activeTenantId);
    },

    async remove(activeTenantId: string | null, principal: Principal, id: string) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      await db.transaction(async (tx) => {
        const tenant = await loadInScope(tx, scope, id);
        await repo.softDeleteTenant(tx, id);
        await audit.record(tx, {
          action: 'tenant.deleted',
          tenantId: id,
          recordType: 'tenant',
          recordId: id,
          data: { name: tenant.name },
        });
      });
      // Whoever works in the deleted tenant is signed out of it.
      await deps.auth.revokeSessionsInTenant(id, 'tenantDeleted');
    },

    /** A copy of the tenant's settings, features and people under a new name; user groups are not copied. */
    async clone(activeTenantId: string | null, principal: Principal, id: string, title: string) {
      const scope = await tenantScopeOf(db, activeTenantId, principal);
      const copy = await newTenant(async (tx, copyId) => {
        const source = await loadInScope(tx, scope, id);
        await checkNameFree(tx, 'title', title);
        await checkTenantQuota(tx, principal, source.partnerTenantId);
        // name_key is generated from the name: not a setting to copy.
        const { id: _id, createdAt: _c, deletedAt: _d, nameKey: _k, ...settings } = source;
        const tenant = await repo.insertTenant(tx, {
          ...settings,
          id: copyId,
          name: title,
          // A copy is an ordinary tenant; partner status and its limits are given, not cloned.
          isPartnerTenant: false,
          maxUsersCanCreate: null,
          maxTenantsCanCreate: null,
        });
        // The copy starts with the defaults of a new tenant (subscriptions are people's own: not copied).
        await deps.seedTenant(tx, tenant.id);
        await repo.copyFeatures(tx, source.id, tenant.id);
        await repo.setMembers(tx, tenant.id, await repo.memberIds(tx, source.id));
        await audit.record(tx, {
          action: 'tenant.copied',
          tenantId: tenant.id,
          recordType: 'tenant',
          recordId: tenant.id,
          after: await auditView(tx, tenant.id),
          data: { copiedFrom: source.id, copiedFromName: source.name },
        });
        return tenant;
      }).catch((err: unknown) => {
        throw nameConflict(err, 'title', title);
      });
      return details(db, copy, activeTenantId);
    },

    /** The feature catalogue, with what the tenant has switched on ('empty' gives the bare catalogue). */
    async features(activeTenantId: string | null, principal: Principal, id: string | 'empty') {
      const catalogue = await repo.featureCatalogue(db);
      let chosen: Awaited<ReturnType<typeof repo.featuresOf>> = [];
      if (id !== 'empty') {
        // Anyone may read their own active tenant's features; managers also those of tenants in their scope.
        if (activeTenantId !== id) {
          const scope = await tenantScopeOf(db, activeTenantId, principal).catch(() => {
            throw new AppError('notFound', 'No such tenant');
          });
          await loadInScope(db, scope, id);
        } else if (!(await repo.findTenant(db, id))) {
          throw new AppError('notFound', 'No such tenant');
        }
        chosen = await repo.featuresOf(db, id);
      }
      return catalogue.map((f) => {
        const c = chosen.find((x) => x.id === f.id);
        return {
          id: f.id,
          name: f.name,
          selected: !!c,
          mobile: c?.mobile ?? false,
          customTitle: c?.customTitle ?? null,
          customDescription: c?.customDescription ?? null,
        };
      });
    },

    /**
     * The tenant's useKmAsValues, which is also the clients module's map info (spec part 2 §3): one flag,
     * shown in the tenant form and switched from the clients page by the tenant's own administrators.
     */
    async useKmAsValues(tenantId: string) {
      const tenant = await repo.findTenant(db, tenantId);
      if (!tenant) throw new AppError('notFound', 'No such tenant');
      return tenant.useKmAsValues;
    },
    async setUseKmAsValues(tenantId: string, useKmAsValues: boolean) {
      await db.transaction(async (tx) => {
        const current = await repo.findTenant(tx, tenantId);
        await repo.updateTenant(tx, tenantId, { useKmAsValues });
        await audit.record(tx, {
          action: 'tenant.settingsChanged',
          tenantId,
          recordType: 'tenant',
          recordId: tenantId,
          before: { useKmAsValues: current?.useKmAsValues ?? null },
          after: { useKmAsValues },
        });
      });
    },

    /** Tenants a super administrator may view a user in. */
    tenantsOfUser: (userId: string) => repo.tenantsOfUser(db, userId),

    /**
     * Stores an uploaded logo for one of the form's logo fields, within the caller's upload volume; their
     * older unsaved logo for that field goes.
     */
    storeLogo: (principal: Principal, field: LogoFieldName, read: () => Promise<Buffer>) =>
      deps.media.storeImage(principal.userId, field === 'logoMediaFile' ? 'logo' : 'mobileLogo', read),

    /** Limits a change of users in tenantIds must respect; used by the users module inside its transaction. */
    async userQuotaGuard(conn: Db, principal: Principal, tenantIds: string[]) {
      if (isSuper(principal) || !tenantIds.length) return async () => {};
      const families = new Set<string>();
      for (const id of tenantIds) {
        const t = await repo.findTenant(conn, id);
        const family = t && familyOf(t);
        if (family) families.add(family);
      }
      const before = new Map<string, number>();
      for (const family of [...families].sort()) {
        await repo.lockPartner(conn, family);
        before.set(family, await repo.countFamilyUsers(conn, family));
      }
      return async () => {
        for (const [family, n] of before) await checkUserQuota(conn, principal, family, n);
      };
    },
  };
}
export type TenantsService = ReturnType<typeof createTenantsService>;
