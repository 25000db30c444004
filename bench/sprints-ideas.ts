/**
 * Sprints paging (issue 42): the ideas page of a collaboration with 1,000,000 ideas and a comment
 * thread of 100,000 comments must cost what they cost at 1,000 (keyset paging on one index per sort,
 * never OFFSET; kept vote and comment counts, never an aggregate).
 *
 * Builds the app on a throw-away database on TEST_DATABASE_URL's server (as the tests do: the owner
 * migrates, the app logs in as a plain member of the app role, row-level security on), seeds two
 * collaborations of one tenant with bulk generate_series SQL (1,000 and 1,000,000 ideas, with varied
 * vote and comment counts, every tenth pair sharing a timestamp so the id breaks ties) and two ideas
 * with 1,000 and 100,000 comments, analyzes, then times through the app (app.inject: the whole request
 * path, no socket) the first and a middle page of the ideas newest first and by most votes, and the
 * first and a middle page of each thread. Each case runs BENCH_REQUESTS requests (default 200) after
 * 20 warm-up ones, in BENCH_ROUNDS rounds (default 3), interleaved; the median round's p50 and p99
 * are printed, and the big/small p99 ratio of each position. --check exits 1 when a ratio is above 1.3.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sprints-ideas.ts [--check]
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { crossTenant } from '../apps/server/src/db/tenant-scope.js';
import { addCollaboration, addIdea } from '../apps/server/src/modules/sprints/sprints.service.js';
import { createTestApp } from '../apps/server/test/harness.js';
import { injectRounds } from './inject-rounds.js';

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The `after` cursor the service writes (sprints.service.ts): [count, exact time, id], base64url JSON. */
const cursor = (n: number, at: string, id: string) => Buffer.from(JSON.stringify([n, at, id])).toString('base64url');

const ctx = await createTestApp();
const ownerUrl = new URL(process.env.TEST_DATABASE_URL);
const dbName = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
  rows: { name: string }[];
};
ownerUrl.pathname = `/${dbName.rows[0]!.name}`;
const owner = new pg.Client({ connectionString: ownerUrl.toString() });
try {
  await owner.connect();
  const tenant = await ctx.factories.tenant({ features: ['Sprints'] });
  const member = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
  const cases: { group: string; size: string; name: string; url: string }[] = [];

  for (const [size, label] of [
    [1_000, '1k'],
    [1_000_000, '1M'],
  ] as const) {
    const id = await crossTenant('bench seed', () =>
      addCollaboration(ctx.db, tenant.id, { title: `Ideas ${label}`, ownerId: member.user.id }),
    );
    const t0 = Date.now();
    await owner.query(
      `insert into collaboration_ideas (tenant_id, collaboration_id, author_id, title, votes_count, comments_count, created_at)
       select $1, $2, $3, 'Idea number ' || i, (i::bigint * 7919) % 500, (i::bigint * 104729) % 200,
              timestamptz '2020-01-01 00:00:00+00' + make_interval(secs => i - i % 10 / 9)
         from generate_series(1, $4::int) i`,
      [tenant.id, id, member.user.id, size],
    );
    await owner.query('update collaborations set ideas_count = $2 where id = $1', [id, size]);
    console.log(`seeded ${size.toLocaleString('en')} ideas in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const middle = async (order: string, n: string) =>
      (
        await owner.query<{ n: number; at: string; id: string }>(
          `select ${n} as n, created_at::text as at, id from collaboration_ideas where collaboration_id = $1
           order by ${order} offset $2 limit 1`,
          [id, size / 2],
        )
      ).rows[0]!;
    const base = `/core/api/sprints/collaborations/${id}/ideas?take=20`;
    const newest = await middle('created_at desc, id desc', '0');
    const votes = await middle('votes_count desc, created_at desc, id desc', 'votes_count');
    cases.push({ group: 'ideas newest, first page', size: label, name: `${label} ideas newest, first`, url: base });
    cases.push({
      group: 'ideas newest, middle page',
      size: label,
      name: `${label} ideas newest, middle`,
      url: `${base}&after=${cursor(0, newest.at, newest.id)}`,
    });
    cases.push({
      group: 'ideas by votes, first page',
      size: label,
      name: `${label} ideas votes, first`,
      url: `${base}&sort=votes`,
    });
    cases.push({
      group: 'ideas by votes, middle page',
      size: label,
      name: `${label} ideas votes, middle`,
      url: `${base}&sort=votes&after=${cursor(votes.n, votes.at, votes.id)}`,
    });
  }

  // The threads: one idea of the small collaboration each, with 1,000 and 100,000 comments.
  const threadHome = await crossTenant('bench seed', () =>
    addCollaboration(ctx.db, tenant.id, { title: 'Threads', ownerId: member.user.id }),
  );
  for (const [size, label] of [
    [1_000, '1k'],
    [100_000, '100k'],
  ] as const) {
    const ideaId = await crossTenant('bench seed', () =>
      addIdea(ctx.db, tenant.id, threadHome, member.user.id, { title: `Thread ${label}` }),
    );
    await owner.query(
      `insert into collaboration_comments (tenant_id, idea_id, author_id, text, created_at)
       select $1, $2, $3, 'Comment number ' || i || ' of the bench',
              timestamptz '2020-01-01 00:00:00+00' + make_interval(secs => i - i % 10 / 9)
         from generate_series(1, $4::int) i`,
      [tenant.id, ideaId, member.user.id, size],
    );
    await owner.query('update collaboration_ideas set comments_count = $2 where id = $1', [ideaId, size]);
    const mid = (
      await owner.query<{ at: string; id: string }>(
        `select created_at::text as at, id from collaboration_comments where idea_id = $1
         order by created_at, id offset $2 limit 1`,
        [ideaId, size / 2],
      )
    ).rows[0]!;
    const base = `/core/api/sprints/ideas/${ideaId}/comments?take=30`;
    cases.push({ group: 'comments, first page', size: label, name: `${label} comments, first`, url: base });
    cases.push({
      group: 'comments, middle page',
      size: label,
      name: `${label} comments, middle`,
      url: `${base}&after=${cursor(0, mid.at, mid.id)}`,
    });
  }
  for (const table of ['collaboration_ideas', 'collaboration_comments', 'collaborations']) {
    await owner.query(`vacuum analyze ${table}`);
  }

  // Seeding a million rows may outlast an access token (15 min): sign in afresh for the rounds.
  const signedIn = await ctx.signIn(member.user.email);
  const auth = { authorization: `Bearer ${await ctx.activateTenant(signedIn.token, tenant.id)}` };
  const time = async (url: string) => {
    const t0 = performance.now();
    const res = await ctx.app.inject({ url, headers: auth });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if ((res.json() as { data: unknown[] }).data.length === 0) throw new Error(`${url}: an empty page`);
    return ms;
  };
  const median = await injectRounds(cases, time, { rounds: ROUNDS, requests: REQUESTS });
  let worst = 0;
  for (const group of [...new Set(cases.map((c) => c.group))]) {
    const [small, big] = cases.filter((c) => c.group === group).map((c) => ({ label: c.size, ...median(c.name) }));
    const ratio = big!.p99 / small!.p99;
    worst = Math.max(worst, ratio);
    console.log(
      `${group.padEnd(28)} ${small!.label} p50 ${small!.p50.toFixed(2)} / p99 ${small!.p99.toFixed(2)} ms; ${big!.label} p50 ${big!.p50.toFixed(2)} / p99 ${big!.p99.toFixed(2)} ms; p99 ratio ${ratio.toFixed(2)}`,
    );
  }
  if (process.argv.includes('--check') && worst > 1.3) {
    console.error(`FAIL: the big collaboration or thread pages ${worst.toFixed(2)}x slower than the small one`);
    process.exitCode = 1;
  }
} finally {
  await owner.end();
  await ctx.close();
}
