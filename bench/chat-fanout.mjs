#!/usr/bin/env node
// Chat fan-out (issue 27): a message sent to a user group reaches its 500 members through the hub
// within 1 s at p99. The server (the real app, in a child process of its own, on a throw-away
// database on TEST_DATABASE_URL's server, else the embedded PGlite) has one tenant with Chat, a group
// of 501 users (a sender and 500 members) and a signed-in session per user. This process opens one
// WebSocket hub client per member on 127.0.0.1 (each with its own token, handshake done), then POSTs
// group messages through the HTTP API as the sender, paced, and times from the start of each POST to
// the arrival of ReloadGroupMessages at every member. Everything is on loopback, bounded, and ends by
// itself.
//
//   node bench/chat-fanout.mjs [--members=500] [--messages=20] [--interval=250] [--rounds=3] [--check]
//
// Prints each round's p50 / p99 / max and the median round's; --check exits 1 when the median p99
// is 1 s or more, or a member missed a message.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const RS = '\u001e';
const HUB_PATH = '/core/tenantHub';
const TARGET = 'ReloadGroupMessages';
const now = () => performance.timeOrigin + performance.now();
const loadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
};

if (arg('serve')) await serve(Number(arg('serve')));
else await main();

// ---------------------------------------------------------------- server side (child process)

async function serve(members) {
  const send = (m) => process.send?.(m);
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { crossTenant } = await import('../apps/server/src/db/tenant-scope.ts');
  const { userGroupMembers } = await import('../apps/server/src/modules/usergroups/usergroups.schema.ts');
  const { freshDatabase } = await import('../apps/server/test/harness.ts');
  const { makeFactories } = await import('../apps/server/test/factories.ts');
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const factories = makeFactories(database.db);
  const tenant = await factories.tenant({ features: ['Chat'] });
  const group = await factories.userGroup(tenant.id, 'Everyone');
  const tokens = [];
  // Sessions are started as a sign-in would after the password check (500 argon2 checks would only
  // time the machine's hashing, and the sign-in throttle would refuse them from one address).
  for (let i = 0; i <= members; i++) {
    const user = await factories.user({ tenantIds: [tenant.id], name: `Member${i}` });
    await crossTenant('bench seed', () =>
      database.db.insert(userGroupMembers).values({ groupId: group.id, userId: user.id }),
    );
    tokens.push((await app.services.auth.startSession(user, false)).token);
  }
  const port = app.server.address().port;
  send({
    ready: true,
    origin: `http://127.0.0.1:${port}`,
    hubUrl: `ws://127.0.0.1:${port}${HUB_PATH}`,
    groupId: group.id,
    senderToken: tokens[0],
    memberTokens: tokens.slice(1),
    database: database.kind ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'),
  });
  process.on('message', async (m) => {
    if (m.exit) {
      await app.close();
      await database.dispose();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- clients and report (parent)

function startServer(members) {
  const child = fork(fileURLToPath(import.meta.url), [`--serve=${members}`], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not get ready in 10 minutes')), 600_000);
    child.on('message', (m) => {
      if (m.ready) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { child, ready };
}

/** One hub client per member; `onEvent` hears each ReloadGroupMessages with its arrival time. */
async function openClients(url, tokens, onEvent) {
  const clients = [];
  for (let start = 0; start < tokens.length; start += 50) {
    clients.push(...(await Promise.all(tokens.slice(start, start + 50).map((token, j) => openOne(token, start + j)))));
  }
  return clients;

  function openOne(token, index) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
      let handshaken = false;
      ws.on('error', reject);
      ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
      // As the SignalR client does: a ping every 15 s, or the server closes a silent client after 30 s.
      const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(`{"type":6}${RS}`), 15_000);
      ws.on('close', () => clearInterval(ping));
      ws.on('message', (data) => {
        const received = now();
        for (const record of data.toString().split(RS)) {
          if (!record) continue;
          if (!handshaken) {
            handshaken = true;
            resolve(ws);
            continue;
          }
          const message = JSON.parse(record);
          if (message.type === 1 && message.target === TARGET) onEvent(index, received);
        }
      });
    });
  }
}

async function main() {
  const members = Number(arg('members', '500'));
  const messages = Number(arg('messages', '20'));
  const intervalMs = Number(arg('interval', '250'));
  const rounds = Number(arg('rounds', '3'));
  console.log(`load ${loadavg()} at the start; seeding ${members + 1} users ...`);
  const server = startServer(members);
  const { origin, hubUrl, groupId, senderToken, memberTokens, database } = await server.ready;

  // The send time of the message in flight; each member's arrival is measured against it.
  let sentAt = 0;
  let latencies = [];
  let arrivals = 0;
  const clients = await openClients(hubUrl, memberTokens, (_index, received) => {
    latencies.push(received - sentAt);
    arrivals++;
  });
  console.log(`${clients.length} hub clients connected (WebSockets, ${database})`);

  const results = [];
  for (let round = 1; round <= rounds; round++) {
    latencies = [];
    let missed = 0;
    for (let i = 0; i < messages; i++) {
      arrivals = 0;
      sentAt = now();
      const res = await fetch(`${origin}/core/api/chat/groups/${groupId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Round ${round}, message ${i}` }),
      });
      if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
      // Wait (boundedly) for every member before the next message, so each is timed on its own.
      const deadline = Date.now() + 10_000;
      while (arrivals < members && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      missed += members - arrivals;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    const sorted = latencies.sort((a, b) => a - b);
    const pct = (p) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;
    const r = {
      round,
      p50: pct(0.5),
      p99: pct(0.99),
      max: sorted.at(-1) ?? Number.NaN,
      delivered: sorted.length,
      missed,
    };
    results.push(r);
    console.log(
      `round ${round}: ${r.delivered} deliveries (${missed} missed) p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms`,
    );
  }

  for (const ws of clients) ws.terminate();
  server.child.send({ exit: true });
  await new Promise((resolve) => server.child.once('exit', resolve));

  const median = [...results].sort((a, b) => a.p99 - b.p99)[Math.floor(results.length / 2)];
  const missed = results.reduce((n, r) => n + r.missed, 0);
  console.log(
    `\nload ${loadavg()} at the end. Median round (by p99): p50 ${median.p50.toFixed(1)} ms, p99 ${median.p99.toFixed(1)} ms, max ${median.max.toFixed(1)} ms; p99 / 1 s target = ${(median.p99 / 1000).toFixed(2)}; missed ${missed}`,
  );
  if (process.argv.includes('--check') && (median.p99 >= 1000 || missed > 0)) {
    console.error('FAIL: p99 is 1 s or more, or a member missed a message');
    process.exitCode = 1;
  }
}
