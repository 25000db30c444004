import type { FeatureName, Role } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';

export type IsolationCase = {
  /** Describes the route, e.g. 'GET /core/api/usergroups/:id'. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Builds the URL from the id of a resource owned by tenant B. */
  url: (resourceId: string) => string;
  /** Creates the resource inside tenant B and returns its id and a string that must never leak. */
  createInTenantB: (ctx: TestContext, tenantBId: string) => Promise<{ id: string; secret: string }>;
  payload?: (resourceId: string) => unknown;
  /** A list route answers 200 with tenant A's data only, instead of refusing. */
  list?: boolean;
  /** Features both tenants have, so that a feature-gated route is refused for the tenant, not the feature. */
  features?: FeatureName[];
};

/**
 * Two tenants, A and B. A TenantAdmin and a User of tenant A ask for B's resource:
 * both must be refused (403 or 404; a list may answer 200 instead) and the answer
 * must carry none of B's data.
 */
export function describeTenantIsolation(cases: IsolationCase[]) {
  describe('tenant isolation', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    for (const c of cases) {
      for (const role of ['TenantAdmin', 'User'] as Role[]) {
        it(`${c.name} refuses a ${role} of another tenant`, async () => {
          // Live tenant names are unique: the factory's default names differ each time.
          const tenantA = await ctx.factories.tenant({ features: c.features });
          const tenantB = await ctx.factories.tenant({ features: c.features });
          const { id, secret } = await c.createInTenantB(ctx, tenantB.id);
          const caller = await ctx.actor([role], { tenants: [tenantA.id], activeTenant: tenantA.id });
          const res = await ctx.app.inject({
            method: c.method,
            url: c.url(id),
            headers: caller.auth,
            ...(c.payload && { payload: c.payload(id) as object }),
          });
          expect(c.list ? [200, 403, 404] : [403, 404]).toContain(res.statusCode);
          // The problem's `instance` echoes the requested URL; everything else must be free of B's data.
          const { instance: _echo, ...answer } = safeJson(res.body);
          expect(JSON.stringify(answer)).not.toContain(secret);
          expect(JSON.stringify(answer)).not.toContain(id);

          // And a caller cannot simply switch into tenant B.
          const sw = await ctx.chooseTenant(caller.auth, tenantB.id);
          expect(sw.statusCode).toBe(403);
        });
      }
    }
  });
}

function safeJson(body: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { body: parsed };
  } catch {
    return { body };
  }
}
