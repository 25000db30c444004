import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { HASH_CONCURRENCY } from './use-cases/import-users.js';

// Counts how many password hashes run at the same time (the real hashing, wrapped).
const hashing = vi.hoisted(() => ({ active: 0, most: 0 }));
vi.mock('../auth/password-hashing.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/password-hashing.js')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashing.active++;
      hashing.most = Math.max(hashing.most, hashing.active);
      try {
        return await real.hashPassword(password);
      } finally {
        hashing.active--;
      }
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /core/api/users/import/confirm with many passwords', () => {
  it(`hashes at most ${HASH_CONCURRENCY} passwords at a time, and creates every user`, async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const t = Math.random().toString(36).slice(2, 8);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      line: i + 2,
      name: `Row${i}`,
      surname: 'Imported',
      email: `row${i}-${t}@example.test`,
      role: '',
      groups: [],
      language: '',
      password: `Harbour-lights-${i}-${t}`,
    }));
    hashing.most = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/import/confirm',
      headers: admin.auth,
      payload: { rows },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 12 });
    // Before, all 12 started at once.
    expect(hashing.most).toBe(HASH_CONCURRENCY);
  });
});
