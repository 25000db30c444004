import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { users } from './users.schema.js';

// Gates that hold the confirm inside its slow, pre-transaction steps (password rule, hashing) until
// the test lets go; `armed` leaves every other caller (factories, sign-in) alone.
const gates = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const state = { armed: false, reached: Promise.resolve(), opened: Promise.resolve() };
    let reached = () => {};
    return {
      state,
      arm() {
        state.armed = true;
        state.reached = new Promise<void>((r) => {
          reached = r;
        });
        state.opened = new Promise<void>((r) => {
          open = r;
        });
      },
      async pass() {
        if (!state.armed) return;
        state.armed = false;
        reached();
        await state.opened;
      },
      open: () => open(),
    };
  };
  return { rule: gate(), hash: gate() };
});
vi.mock('../auth/password-policy.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/password-policy.js')>();
  return {
    ...real,
    passwordProblem: async (password: string, email: string) => {
      await gates.rule.pass();
      return real.passwordProblem(password, email);
    },
  };
});
vi.mock('../auth/password-hashing.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/password-hashing.js')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      await gates.hash.pass();
      return real.hashPassword(password);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setUp(count: number) {
  const tenant = await ctx.factories.tenant();
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  const t = Math.random().toString(36).slice(2, 8);
  const rows = Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    name: `Row${i}`,
    surname: 'Imported',
    email: `tx${i}-${t}@example.test`,
    role: '',
    groups: [],
    language: '',
    password: `Harbour-lights-${i}-${t}`,
  }));
  const confirm = () =>
    ctx.app.inject({ method: 'POST', url: '/core/api/users/import/confirm', headers: admin.auth, payload: { rows } });
  const written = async () =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(
          inArray(
            users.email,
            rows.map((r) => r.email),
          ),
        )
    )[0]!.n;
  return { admin, rows, confirm, written };
}

/** Whether a request that reads the database answers within 5 s while the confirm is held. */
async function answersMeanwhile(auth: Record<string, string>) {
  const other = ctx.app.inject({ url: '/core/api/users', headers: auth }).then((r) => r.statusCode);
  const timeout = new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 5000));
  return Promise.race([other, timeout]);
}

describe('POST /core/api/users/import/confirm and its transaction', () => {
  it('checks the password rule before the transaction: other requests answer meanwhile', async () => {
    const { admin, confirm, written } = await setUp(3);
    gates.rule.arm();
    const pending = confirm();
    await gates.rule.state.reached;
    // Before, the rule ran inside the transaction, which on PGlite holds every other query.
    expect(await answersMeanwhile(admin.auth)).toBe(200);
    gates.rule.open();
    expect((await pending).json()).toEqual({ created: 3 });
    expect(await written()).toBe(3);
  });

  it('hashes before the transaction: other requests answer meanwhile', async () => {
    const { admin, confirm } = await setUp(3);
    gates.hash.arm();
    const pending = confirm();
    await gates.hash.state.reached;
    expect(await answersMeanwhile(admin.auth)).toBe(200);
    gates.hash.open();
    expect((await pending).statusCode).toBe(200);
  }, 20_000);

  it('writes nothing when a row turns wrong while the passwords hash (an email taken meanwhile)', async () => {
    const { rows, confirm, written } = await setUp(4);
    gates.hash.arm();
    const pending = confirm();
    await gates.hash.state.reached;
    await ctx.factories.user({ email: rows[2]!.email });
    gates.hash.open();
    const res = await pending;
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'rows.2.email', message: 'emailTaken' }]);
    // The one taken meanwhile, none of the import's.
    expect(await written()).toBe(1);
  }, 20_000);
});
