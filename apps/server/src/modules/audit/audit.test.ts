import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { inTransaction } from '../../db/client.js';
import { runWithRequestContext } from '../../http/request-context.js';
import { auditLog } from './audit.schema.js';
import { changedFields, stripSecrets } from './audit.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rowsFor = (recordId: string) => ctx.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));

/** The database error code behind a failed query. */
async function refusal(work: PromiseLike<unknown>) {
  try {
    await work;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return 'no error';
}

describe('audit.record', () => {
  it('writes in the transaction of the change: a change that fails leaves no row', async () => {
    const tenant = await ctx.factories.tenant();
    const { audit } = ctx.app.services;
    await expect(
      inTransaction(ctx.db, async (tx) => {
        await audit.record(tx, {
          action: 'tenant.updated',
          tenantId: tenant.id,
          recordType: 'tenant',
          recordId: 'failed-1',
        });
        throw new Error('the change fails after its audit row');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rowsFor('failed-1')).toEqual([]);

    await inTransaction(ctx.db, (tx) =>
      audit.record(tx, { action: 'tenant.updated', tenantId: tenant.id, recordType: 'tenant', recordId: 'kept-1' }),
    );
    expect(await rowsFor('kept-1')).toHaveLength(1);
  });

  it('keeps only the changed fields, never a secret, and takes actor and address from the request', async () => {
    const actor = await ctx.factories.user();
    const real = await ctx.factories.user();
    await runWithRequestContext({ actorId: actor.id, realActorId: real.id, ip: '203.0.113.9' }, () =>
      ctx.app.services.audit.recordAlone({
        action: 'user.updated',
        recordType: 'user',
        recordId: 'changed-1',
        before: { name: 'Ann', email: 'a@x.test', passwordHash: 'h1', nested: { clientSecret: 's', ok: 1 } },
        after: { name: 'Anna', email: 'a@x.test', passwordHash: 'h2', password: 'Secret-1', totpSecret: 'JBSW' },
        data: { refreshToken: 't', count: 2 },
      }),
    );
    const [row] = await rowsFor('changed-1');
    expect(row).toMatchObject({
      actorId: actor.id,
      realActorId: real.id,
      ip: '203.0.113.9',
      before: { name: 'Ann', nested: { ok: 1 } },
      after: { name: 'Anna' },
      data: { count: 2 },
    });
    expect(JSON.stringify(row)).not.toMatch(/h1|h2|Secret-1|JBSW|clientSecret|"t"/);
  });

  it('writes nothing for an update that changed nothing', async () => {
    await ctx.app.services.audit.recordAlone({
      action: 'user.updated',
      recordId: 'unchanged-1',
      before: { name: 'Ann', password: 'x' },
      after: { name: 'Ann', password: 'y' },
    });
    expect(await rowsFor('unchanged-1')).toEqual([]);
  });

  it('cannot be edited or deleted by the app’s database role', async () => {
    await ctx.app.services.audit.recordAlone({ action: 'tenant.updated', recordId: 'immutable-1' });
    expect(await refusal(ctx.db.execute(sql`update audit_log set action = 'x' where record_id = 'immutable-1'`))).toBe(
      '42501',
    );
    expect(await refusal(ctx.db.execute(sql`delete from audit_log where record_id = 'immutable-1'`))).toBe('42501');
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toBe('42501');
    expect(await rowsFor('immutable-1')).toHaveLength(1);
  });
});

describe('stripSecrets and changedFields', () => {
  it('strips secrets at any depth, in arrays too', () => {
    expect(stripSecrets({ a: [{ token: 1, b: 2 }], smtpPassword: 'p', recoveryCodes: ['x'], name: 'n' })).toEqual({
      a: [{ b: 2 }],
      name: 'n',
    });
  });
  it('keeps a field added or removed', () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual({ before: { b: 2 }, after: { c: 3 } });
    expect(changedFields(null, { a: 1, secret: 2 })).toEqual({ before: null, after: { a: 1 } });
  });
});
