/**
 * The users import's confirm with 5,000 rows, each with a password (issue 26).
 *
 * Builds the app on a fresh database (PGlite in memory, or a throw-away database on TEST_DATABASE_URL's
 * PostgreSQL server, as the server tests do), signs in a tenant administrator and sends
 * POST /core/api/users/import/confirm with 5,000 rows once. Prints how long the answer took and how many
 * users it created, and, while it ran, the slowest answer of GET /core/api/health asked every 250 ms:
 * the hashing is bounded (import-users.ts, HASH_CONCURRENCY) so that other requests still get through.
 *
 *   npx tsx bench/users-import.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/users-import.ts
 */
import { performance } from 'node:perf_hooks';
import { HASH_CONCURRENCY } from '../apps/server/src/modules/users/use-cases/import-users.js';
import { createTestApp } from '../apps/server/test/harness.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);

const ctx = await createTestApp();
try {
  const tenant = await ctx.factories.tenant();
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    line: i + 2,
    name: `Bench${i}`,
    surname: 'Imported',
    email: `bench-import-${i}@example.test`,
    role: '',
    groups: [],
    language: '',
    password: `Harbour-lights-${i}-bench`,
  }));

  // Another user's requests meanwhile: the slowest health answer while the import runs.
  let slowest = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await ctx.app.inject({ url: '/core/api/health' });
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/core/api/users/import/confirm',
    headers: admin.auth,
    payload: { rows },
  });
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  if (res.statusCode !== 200) throw new Error(`confirm answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `users import, ${ROWS} rows with passwords on ${database}: ${seconds.toFixed(1)} s ` +
      `(${(ROWS / seconds).toFixed(0)} rows/s), created ${res.json().created}, ` +
      `hashing ${HASH_CONCURRENCY} at a time; slowest health answer meanwhile ${slowest.toFixed(0)} ms`,
  );
} finally {
  await ctx.close();
}
