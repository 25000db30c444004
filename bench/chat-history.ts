/**
 * Chat history paging (issue 27): a conversation with 1,000,000 messages must page as fast as one
 * with 1,000 (keyset paging by (created_at, id) on chat_messages_history_idx, never OFFSET).
 *
 * Builds the app on a throw-away database on TEST_DATABASE_URL's server (as the tests do: the owner
 * migrates, the app logs in as a plain member of the app role, row-level security on), seeds two
 * direct conversations of one tenant with bulk generate_series SQL (1,000 and 1,000,000 messages, two
 * senders, one second apart, every tenth pair sharing a timestamp so the id breaks ties), analyzes,
 * then times GET /core/api/chat/users/{id}/messages through the app (app.inject: the whole request
 * path, no socket) for the newest page, a page from the middle and the oldest page of each. Each case
 * runs BENCH_REQUESTS requests (default 200) after 20 warm-up ones, in BENCH_ROUNDS rounds (default
 * 3), the cases interleaved in each round; the median round's p50 and p99 are printed, and the ratio
 * of the 1M conversation's p99 to the 1k one's for each position. --check exits 1 when a ratio is
 * above 1.3.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/chat-history.ts [--check]
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { crossTenant } from '../apps/server/src/db/tenant-scope.js';
import { pairOf } from '../apps/server/src/modules/chat/chat.repository.js';
import { chatConversations } from '../apps/server/src/modules/chat/chat.schema.js';
import { createTestApp } from '../apps/server/test/harness.js';
import { injectRounds } from './inject-rounds.js';

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = [1_000, 1_000_000] as const;

const ctx = await createTestApp();
// The owner's login on the same throw-away database: it seeds in bulk and analyzes.
const ownerUrl = new URL(process.env.TEST_DATABASE_URL);
const dbName = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
  rows: { name: string }[];
};
ownerUrl.pathname = `/${dbName.rows[0]!.name}`;
const owner = new pg.Client({ connectionString: ownerUrl.toString() });
try {
  await owner.connect();
  const tenant = await ctx.factories.tenant({ features: ['Chat'] });
  const reader = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
  const cases: { name: string; url: string }[] = [];
  for (const size of SIZES) {
    const other = await ctx.factories.user({ tenantIds: [tenant.id], name: `Size${size}` });
    const [conversation] = await crossTenant('bench seed', () =>
      ctx.db
        .insert(chatConversations)
        .values({ tenantId: tenant.id, ...pairOf(reader.user.id, other.id) })
        .returning(),
    );
    const started = Date.now();
    await owner.query(
      `insert into chat_messages (tenant_id, conversation_id, sender_id, text, created_at)
       select $1, $2, case when i % 3 = 0 then $3::uuid else $4::uuid end, 'Message number ' || i || ' of the bench',
              timestamptz '2020-01-01 00:00:00+00' + make_interval(secs => i - i % 10 / 9)
         from generate_series(1, $5::int) i`,
      [tenant.id, conversation!.id, reader.user.id, other.id, size],
    );
    await owner.query('update chat_conversations set last_message_at = now() where id = $1', [conversation!.id]);
    console.log(`seeded ${size.toLocaleString('en')} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The cursors: a message in the middle and the one 50 above the oldest (so a full page remains).
    const at = async (offset: number) =>
      (
        await owner.query<{ id: string }>(
          'select id from chat_messages where conversation_id = $1 order by created_at, id offset $2 limit 1',
          [conversation!.id, offset],
        )
      ).rows[0]!.id;
    const base = `/core/api/chat/users/${other.id}/messages?take=50`;
    cases.push({ name: `${size.toLocaleString('en')}, newest page`, url: base });
    cases.push({ name: `${size.toLocaleString('en')}, middle page`, url: `${base}&before=${await at(size / 2)}` });
    cases.push({ name: `${size.toLocaleString('en')}, oldest page`, url: `${base}&before=${await at(50)}` });
  }
  await owner.query('vacuum analyze chat_messages');
  await owner.query('vacuum analyze chat_conversations');

  const plan = await owner.query(
    `explain select id from chat_messages where tenant_id = $1 and conversation_id = $2
       and (created_at, id) < (select c.created_at, c.id from chat_messages c where c.id = $3)
       order by created_at desc, id desc limit 51`,
    [tenant.id, '00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
  );
  console.log(`plan: ${plan.rows.map((r) => r['QUERY PLAN']).join(' / ')}`);

  const time = async (url: string) => {
    const t0 = performance.now();
    const res = await ctx.app.inject({ url, headers: reader.auth });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if ((res.json() as { groups: unknown[] }).groups.length === 0) throw new Error(`${url}: an empty page`);
    return ms;
  };
  const median = await injectRounds(cases, time, { rounds: ROUNDS, requests: REQUESTS });
  let worst = 0;
  for (const position of ['newest', 'middle', 'oldest']) {
    const small = median(`1,000, ${position} page`);
    const big = median(`1,000,000, ${position} page`);
    const ratio = big.p99 / small.p99;
    worst = Math.max(worst, ratio);
    console.log(
      `${position.padEnd(7)} page: 1k p50 ${small.p50.toFixed(2)} / p99 ${small.p99.toFixed(2)} ms; 1M p50 ${big.p50.toFixed(2)} / p99 ${big.p99.toFixed(2)} ms; ratio 1M/1k p50 ${(big.p50 / small.p50).toFixed(2)}, p99 ${ratio.toFixed(2)}`,
    );
  }
  if (process.argv.includes('--check') && worst > 1.3) {
    console.error(`FAIL: the 1M conversation pages ${worst.toFixed(2)}x slower than the 1k one`);
    process.exitCode = 1;
  }
} finally {
  await owner.end();
  await ctx.close();
}
