#!/usr/bin/env node
// Broadcast fan-out of the real-time hub to many WebSocket clients, beside a bare `ws` broadcast
// server measured in the same run. Each server runs in a child process of its own (so that its
// RSS is its own); the clients live in this process. Everything is on 127.0.0.1, every loop is
// bounded, and the script ends by itself.
//
//   node bench/hub-fanout.mjs [--connections=2000] [--messages=200] [--paced=100] [--interval=50]
//                             [--rounds=3] [--check]
//
// Rate: a burst of broadcasts, delivered messages per second. Latency: broadcasts paced below
// saturation, send-to-receive p99 (a burst's latency measures the clients' backlog instead).
// --check exits 1 when a target of issue 3 is missed: rate >= 0.7 x bare, p99 < 100 ms, server
// RSS with all connections open < 300 MB.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const RS = '\u001e';
const HUB_PATH = '/core/tenantHub';
const TARGET = 'Tick';
const now = () => performance.timeOrigin + performance.now();

if (arg('serve')) await serve(arg('serve'));
else await main();

// ---------------------------------------------------------------- server side (child process)

async function serve(kind) {
  const send = (m) => process.send?.(m);
  let broadcast;
  let cleanup = async () => {};
  if (kind === 'bare') {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    await new Promise((r) => wss.once('listening', r));
    // The same record the hub sends, built once per message, sent to every client.
    broadcast = (args) => {
      const data = Buffer.from(`${JSON.stringify({ type: 1, target: TARGET, arguments: args })}${RS}`);
      for (const client of wss.clients) client.send(data, { binary: false });
    };
    send({ ready: true, url: `ws://127.0.0.1:${wss.address().port}/` });
  } else {
    const { buildApp } = await import('../apps/server/src/app.ts');
    const { loadConfig } = await import('../apps/server/src/config.ts');
    const { freshDatabase } = await import('../apps/server/test/harness.ts');
    const { makeFactories } = await import('../apps/server/test/factories.ts');
    // A throw-away database on TEST_DATABASE_URL's server (as in production: the server process
    // holds no database), else the embedded PGlite, whose WebAssembly heap then counts in RSS.
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
    const tenant = await factories.tenant();
    const user = await factories.user({ tenantIds: [tenant.id] });
    const res = await app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      payload: { email: user.email, password: factories.PASSWORD, rememberMe: false },
    });
    broadcast = (args) => app.hub.sendToAll(TARGET, args);
    send({
      ready: true,
      url: `ws://127.0.0.1:${app.server.address().port}${HUB_PATH}`,
      token: res.json().token,
      database: database.kind,
    });
    cleanup = async () => {
      await app.close();
      await database.dispose();
    };
  }

  process.on('message', async (m) => {
    if (m.rss) send({ rss: process.memoryUsage().rss });
    if (m.run) {
      // Burst: one message per turn of the event loop, so that sending and socket writes
      // interleave. Paced: one message every intervalMs. The send time travels in the message.
      for (let i = 0; i < m.run; i++) {
        await new Promise((r) => (m.intervalMs ? setTimeout(r, m.intervalMs) : setImmediate(r)));
        broadcast([i, now()]);
      }
      send({ sent: m.run });
    }
    if (m.exit) {
      await cleanup();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- clients and report (parent)

function startServer(kind) {
  const child = fork(fileURLToPath(import.meta.url), [`--serve=${kind}`], {
    execArgv: kind === 'hub' ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (message, key) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind} server did not answer ${key}`)), 120_000);
      const onMessage = (m) => {
        if (m[key] === undefined) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      if (message) child.send(message);
    });
  return { child, ask, ready: ask(null, 'ready') };
}

/** Opens the clients; hub clients send the handshake and wait for its answer. */
async function openClients(kind, url, token, count, latencies, counter) {
  const clients = [];
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => openOne());
    clients.push(...(await Promise.all(batch)));
  }
  return clients;

  function openOne() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers, perMessageDeflate: false });
      let handshaken = kind === 'bare';
      ws.on('error', reject);
      ws.on('open', () => {
        if (handshaken) resolve(ws);
        else ws.send(`{"protocol":"json","version":1}${RS}`);
      });
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
          if (message.type === 1 && message.target === TARGET) {
            latencies[counter.n++] = received - message.arguments[1];
          }
        }
      });
    });
  }
}

/** Sends `messages` broadcasts and waits (boundedly) until every client has them all. */
async function phase(server, counter, latencies, connections, messages, intervalMs) {
  counter.n = 0;
  const expected = connections * messages;
  const started = now();
  server.child.send({ run: messages, intervalMs });
  const deadline = Date.now() + 120_000;
  while (counter.n < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const elapsedMs = now() - started;
  const delivered = counter.n;
  const sorted = latencies.subarray(0, delivered).sort();
  const pct = (p) => (delivered ? sorted[Math.min(delivered - 1, Math.floor(delivered * p))] : Number.NaN);
  return { delivered, expected, perSecond: (delivered / elapsedMs) * 1000, p50: pct(0.5), p99: pct(0.99) };
}

async function measure(kind, connections, messages, paced, intervalMs) {
  const server = startServer(kind);
  const { url, token, database } = await server.ready;
  const idle = await server.ask({ rss: true }, 'rss');
  const latencies = new Float64Array(connections * Math.max(messages, paced));
  const counter = { n: 0 };
  const clients = await openClients(kind, url, token, connections, latencies, counter);
  const open = await server.ask({ rss: true }, 'rss');

  const burst = await phase(server, counter, latencies, connections, messages, 0);
  const steady = await phase(server, counter, latencies, connections, paced, intervalMs);
  const after = await server.ask({ rss: true }, 'rss');

  for (const ws of clients) ws.terminate();
  server.child.send({ exit: true });
  await new Promise((resolve) => server.child.once('exit', resolve));
  return {
    kind,
    burst,
    steady,
    rssMb: Math.max(open.rss, after.rss) / 1024 / 1024,
    idleMb: idle.rss / 1024 / 1024,
    database,
  };
}

async function main() {
  const connections = Number(arg('connections', '2000'));
  const messages = Number(arg('messages', '200'));
  const paced = Number(arg('paced', '100'));
  const intervalMs = Number(arg('interval', '50'));
  const rounds = Number(arg('rounds', '3'));
  console.log(
    `hub fan-out on 127.0.0.1: ${connections} WebSocket clients; a burst of ${messages} broadcasts (rate), ` +
      `then ${paced} broadcasts one every ${intervalMs} ms (latency); median of ${rounds} rounds`,
  );
  // Rounds alternate between the servers; each row is the median round by rate, so that a burst
  // of load from elsewhere on the machine does not decide the comparison.
  const runs = { bare: [], hub: [] };
  for (let i = 0; i < rounds; i++) {
    runs.bare.push(await measure('bare', connections, messages, paced, intervalMs));
    runs.hub.push(await measure('hub', connections, messages, paced, intervalMs));
  }
  const median = (list) => [...list].sort((x, y) => x.burst.perSecond - y.burst.perSecond)[Math.floor(list.length / 2)];
  const bare = median(runs.bare);
  const hub = median(runs.hub);
  const ms = (v) => `${v.toFixed(1)} ms`;
  const row = (r) =>
    `${r.kind.padEnd(5)} burst ${Math.round(r.burst.perSecond).toLocaleString('en')} msg/s ` +
    `(${r.burst.delivered}/${r.burst.expected}, p99 ${ms(r.burst.p99)})  ` +
    `paced p50 ${ms(r.steady.p50)} p99 ${ms(r.steady.p99)} (${r.steady.delivered}/${r.steady.expected})  ` +
    `server RSS ${r.rssMb.toFixed(0)} MB (idle ${r.idleMb.toFixed(0)} MB${r.database ? `, ${r.database} database` : ''})`;
  console.log(row(bare));
  console.log(row(hub));
  const ratio = hub.burst.perSecond / bare.burst.perSecond;
  console.log(
    `ratio hub/bare ${ratio.toFixed(2)} (target >= 0.70); hub paced p99 ${ms(hub.steady.p99)} (target < 100 ms); ` +
      `hub RSS ${hub.rssMb.toFixed(0)} MB with ${connections} connections (target < 300 MB)`,
  );
  const complete = [hub.burst, hub.steady].every((p) => p.delivered === p.expected);
  const ok = complete && ratio >= 0.7 && hub.steady.p99 < 100 && hub.rssMb < 300;
  if (process.argv.includes('--check') && !ok) process.exitCode = 1;
}
