// Runs only with TEST_DATABASE_URL (vitest.config.ts leaves this file out otherwise): PGlite runs one
// transaction at a time, so nothing can wait for anything there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tenantsRepo from '../src/modules/tenants/tenants.repository.js';
import * as usersRepo from '../src/modules/users/users.repository.js';
import { tenantMemberships } from '../src/modules/users/users.schema.js';
import { makeFactories } from './factories.js';
import { freshDatabase, ownerUrlOf } from './harness.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('memberships and soft deletes', () => {
  it('take their users in one order: a member swap and a deletion of both users never deadlock', async () => {
    const factories = makeFactories(database.db);
    const tenant = await factories.tenant();
    // The deletion takes its users in table order or id order, whichever its plan reads: the joining
    // user comes first in both, so that it holds the joining user while waiting for the staying one.
    let joining = await factories.user();
    let staying = await factories.user();
    while (joining.id > staying.id) {
      joining = await factories.user();
      staying = await factories.user();
    }
    await database.db.insert(tenantMemberships).values({ tenantId: tenant.id, userId: staying.id });
    // A third transaction holds the new membership's key, so that the swap below stops halfway:
    // after taking the leaving member, before the joining one. It runs as the owner without
    // triggers (foreign key checks included), so it locks no user itself.
    const holder = new pg.Client({ connectionString: ownerUrlOf(database) });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('set local session_replication_role = replica');
      await holder.query('insert into tenant_memberships (tenant_id, user_id) values ($1, $2)', [
        tenant.id,
        joining.id,
      ]);
      const swap = database.db.transaction((tx) => tenantsRepo.setMembers(tx, tenant.id, [joining.id]));
      await pause();
      const deletion = database.db.transaction((tx) => usersRepo.markDeleted(tx, [staying.id, joining.id]));
      await pause();
      await holder.query('rollback');
      const outcomes = await Promise.allSettled([swap, deletion]);
      // Before, each held one of the two users and waited for the other: PostgreSQL ended one (40P01).
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason?.cause?.code ?? o.reason) : 'ok'))).toEqual(
        ['ok', 'ok'],
      );
    } finally {
      await holder.end();
    }
  });
});
