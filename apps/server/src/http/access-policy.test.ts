import { ROUTE_TABLE, type Role } from '@atrium/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/harness.js';
import { accessPolicyPlugin } from './access-policy.js';
import { registerErrorHandler } from './errors.js';
import { createLiveSessions } from './live-sessions.js';
import { createTenantFeatures } from './tenant-features.js';
import { createTokenService } from './tokens.js';

/**
 * The spec's route and role table, written out again by hand (part 1 §2, part 2 §6), so that
 * a mistake in ROUTE_TABLE itself fails this test. S = Superadmin, P = PartnerManager,
 * T = TenantAdmin, U = User, * = any signed-in user, - = public; "+Documents" = feature gate.
 */
const SPEC: Record<string, string> = {
  'unathorized/maps/:tenant': '-',
  'tenantIdDeepLinkError/:deepTenantId/:remainingPath': '-',
  signin: '-',
  'signin/:error': '-',
  forgotpassword: '-',
  resetpassword: '-',
  'active-tenant-page': '-',
  office365auth: '-',
  unauthorized: '-',
  pagenotfound: '-',
  home: '*',
  profile: '*',
  'profile/edit': '*',
  tenants: 'S P',
  users: 'S T',
  'users/:id': 'S T',
  notifications: 'S T U',
  'admin/documents/new': 'S T U +Documents',
  // Gated by the Documents feature like its calls (issues 26, 30); the spec's table names no feature.
  'admin/documents/documenttypes': 'S T +Documents',
  'admin/clients': 'S T',
  'admin/clients/:type/contact/:id': 'S T',
  'admin/clients/locations/:id': 'S T',
  'admin/clients/contacts/:id': 'S T',
  'admin/documents': 'S T +Documents',
  'admin/documenttype/new': 'S T +Documents',
  'admin/documents/edit/documenttype/:id': 'S T +Documents',
  'admin/documents/edit/:id': 'S T +Documents',
  'documents/:id': 'U T +Documents',
  'tenants/:id': 'S P',
  'tenants/description/:id': 'S P',
  'tenants/info/:id': 'S P',
  'tenants/tags/:id': 'S P',
  'tenants/folders/:id': 'S P',
  'tenants/teams/:id': 'S P',
  'tenants/departments/:id': 'S P',
  'tenants/checklists/:id': 'S P',
  'tenants/html/:id': 'S P',
  'tenants/emails/:id': 'S P',
  'tenants/emails/new/:tenantId': 'S P',
  'tenants/emails/:tenantId/:id': 'S P',
  'tenants/emailtemplate/:id': 'S P',
};
const LETTER: Record<string, Role> = { S: 'Superadmin', P: 'PartnerManager', T: 'TenantAdmin', U: 'User' };

function expected(path: string, role: Role | null, hasDocuments: boolean): number {
  const rule = SPEC[path]!;
  if (rule === '-') return 200;
  if (!role) return 401;
  const parts = rule.split(' ');
  const roleOk = rule === '*' || parts.some((p) => LETTER[p] === role);
  const featureOk = !parts.includes('+Documents') || hasDocuments;
  return roleOk && featureOk ? 200 : 403;
}

describe('route and role table', () => {
  it('has exactly the spec’s routes', () => {
    expect(ROUTE_TABLE.map((r) => r.path).sort()).toEqual(Object.keys(SPEC).sort());
  });
});

describe('access policy enforcement for every route of the table', () => {
  let ctx: TestContext;
  const probes = Fastify();
  const subjects: { label: string; role: Role | null; documents: boolean; token?: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    // One probe endpoint per table row, guarded by the real policy plugin against real sessions.
    registerErrorHandler(probes);
    await probes.register(accessPolicyPlugin, {
      features: createTenantFeatures(ctx.db),
      authenticator: {
        tokens: createTokenService('test-secret-that-is-long-enough-for-hs256'),
        sessions: createLiveSessions(ctx.db),
      },
    });
    for (const rule of ROUTE_TABLE) {
      probes.get(`/probe/${rule.path}`, { config: { policy: rule.policy } }, async () => ({ ok: true }));
    }
    await probes.ready();

    const withDocs = await ctx.factories.tenant({ features: ['Documents', 'News'] });
    const withoutDocs = await ctx.factories.tenant({ features: ['News'] });
    subjects.push({ label: 'anonymous', role: null, documents: false });
    for (const role of ['Superadmin', 'PartnerManager', 'TenantAdmin', 'User'] as Role[]) {
      for (const tenant of [withDocs, withoutDocs]) {
        const a = await ctx.actor([role], { tenants: [tenant.id], activeTenant: tenant.id });
        subjects.push({
          label: `${role} ${tenant === withDocs ? 'with' : 'without'} Documents`,
          role,
          documents: tenant === withDocs,
          token: a.token,
        });
      }
    }
  });
  afterAll(async () => {
    await probes.close();
    await ctx.close();
  });

  it('allows and refuses every route for every role exactly as the spec says', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const rule of ROUTE_TABLE) {
      for (const s of subjects) {
        const url = `/probe/${rule.path}`.replace(/:(\w+)/g, '11111111-1111-4111-8111-111111111111');
        const res = await probes.inject({ url, headers: s.token ? bearer(s.token) : {} });
        const want = expected(rule.path, s.role, s.documents);
        checked++;
        if (res.statusCode !== want) mismatches.push(`${rule.path} as ${s.label}: got ${res.statusCode}, want ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(ROUTE_TABLE.length * 9);
  });
});

describe('every route declares a policy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('holds for every route of the app', () => {
    const routes = ctx.app.listRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses to start an app with a route that declares none', async () => {
    const app = Fastify();
    await app.register(accessPolicyPlugin, {
      features: createTenantFeatures(ctx.db),
      authenticator: { tokens: createTokenService('x'.repeat(40)), sessions: createLiveSessions(ctx.db) },
    });
    app.get('/forgotten', async () => 'oops');
    await expect(app.ready()).rejects.toThrow(/without an access policy: GET \/forgotten/);
  });

  it('answers 401 to anonymous calls of every non-public route of the app', async () => {
    const closed = ctx.app.listRoutes().filter((r) => r.policy && r.policy.access !== 'public');
    expect(closed.length).toBeGreaterThan(0);
    for (const r of closed) {
      const method = (Array.isArray(r.method) ? r.method[0] : r.method) as 'GET';
      const url = r.url.replace(/:(\w+)/g, '11111111-1111-4111-8111-111111111111');
      const res = await ctx.app.inject({ method, url });
      expect({ route: `${method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${method} ${r.url}`,
        status: 401,
      });
    }
  });
});
