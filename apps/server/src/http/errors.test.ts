import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.js';

/** The error PostgreSQL (here the embedded one) raises for `statement`. */
async function databaseError(db: PGlite, statement: string): Promise<unknown> {
  try {
    await db.exec(statement);
  } catch (err) {
    return err;
  }
  throw new Error(`${statement} did not fail`);
}

describe('database errors a request caused', () => {
  let db: PGlite;
  let app: FastifyInstance;
  const raised = new Map<string, unknown>();

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table parent (id int primary key);
                   create table child (parent_id int references parent (id));
                   insert into parent values (1)`);
    raised.set('unique', await databaseError(db, 'insert into parent values (1)'));
    raised.set('foreign', await databaseError(db, 'insert into child values (2)'));
    raised.set('date', await databaseError(db, "select '0000-01-01'::date"));
    raised.set('number', await databaseError(db, 'select 2147483648::int'));
    raised.set('other', await databaseError(db, 'select * from missing_table'));
    app = Fastify();
    registerErrorHandler(app);
    app.get('/:case', async (request) => {
      const { case: name } = request.params as { case: string };
      // As Drizzle throws it: its own error with the driver's as the cause.
      throw new Error('Failed query', { cause: raised.get(name) });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each([
    ['unique', 409, 'conflict'],
    ['foreign', 409, 'conflict'],
    ['date', 400, 'validation'],
    ['number', 400, 'validation'],
  ])('answers a %s violation with %i problem+json', async (name, status, code) => {
    const res = await app.inject({ url: `/${name}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status, code });
  });

  it('keeps every other database error a 500 that says nothing of it', async () => {
    const res = await app.inject({ url: '/other' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('missing_table');
  });
});
