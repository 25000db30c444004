// Builds the web app if needed, starts Atrium on a fresh embedded database with demo data,
// runs the browser tests against it, and stops the server whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { startLocalServer } from '../scripts/local-server.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'apps/web/dist/index.html')) || process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A video host on loopback: the one address besides Atrium's own that tenants may embed (VIDEO_HOSTS).
const videoHost = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html lang="en"><title>Player</title><p>Video player</p></html>');
});
await new Promise((resolve) => videoHost.listen(0, '127.0.0.1', resolve));
const videoOrigin = `http://127.0.0.1:${videoHost.address().port}`;

// Microsoft Graph and the Entra token endpoint on loopback, for tenants' mail settings (Test): tokens for
// any tenant but 'e2e-bad-tenant', which is refused as Entra refuses a wrong secret; sendMail accepted.
const graphPeer = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(req.url ?? '');
    if (req.method === 'POST' && token) {
      if (token[1] === 'e2e-bad-tenant') {
        return json(401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: e2e',
        });
      }
      return json(200, { access_token: 'e2e-graph-token', expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && /^\/v1\.0\/users\/[^/]+\/sendMail$/.test(req.url ?? '')) {
      res.writeHead(202);
      return res.end();
    }
    json(404, { error: { code: 'NotFound', message: 'No such route' } });
  });
});
await new Promise((resolve) => graphPeer.listen(0, '127.0.0.1', resolve));
const graphOrigin = `http://127.0.0.1:${graphPeer.address().port}`;

/**
 * Two lanes, each an Atrium of its own (its own embedded database with the demo data, its own Microsoft
 * 365 stand-in), so that two test files run at once without seeing each other's changes: the tests
 * spend most of their time waiting on the browser, and the machine has two cores. E2E_LANES=1: one.
 */
const laneCount = Math.max(1, Number(process.env.E2E_LANES) || 2);
const firstPort = 3900 + Math.floor(Math.random() * 45) * 2;
const lanes = [];
const stopAll = async () => {
  for (const lane of lanes) lane.identityProvider.process.kill('SIGTERM');
  videoHost.close();
  graphPeer.close();
  // A lane whose server is still starting has none yet: startLocalServer stops it when this script exits.
  await Promise.all(lanes.map((lane) => lane.server?.stop()));
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await stopAll();
    process.exit(1);
  });
}

async function startLane(port) {
  const baseUrl = `http://127.0.0.1:${port}`;
  // The Microsoft 365 stand-in: a real OpenID Connect provider (oidc-provider) on loopback, started first
  // so the server can be pointed at it. Its accounts sign in with any password: `uma` is Uma User,
  // `impostor` another Microsoft account with Uma's email, `nobody` an address with no Atrium account.
  const identityProvider = await startIdentityProvider(`${baseUrl}/office365auth`, 'e2e-entra-tenant', {
    uma: { email: 'user@atrium.test' },
    impostor: { email: 'user@atrium.test' },
    nobody: { email: 'nobody@atrium.test' },
  });
  // In the lanes before its server starts, so that stopAll stops the provider should the server fail.
  const lane = { baseUrl, issuer: identityProvider.issuer, identityProvider, server: undefined };
  lanes.push(lane);
  lane.server = await startLocalServer({
    port,
    dataDirPrefix: 'atrium-e2e-',
    healthTimeoutMs: 90_000,
    env: {
      // Links in mail and the single sign-on redirect point back at this server.
      PUBLIC_URL: baseUrl,
      // The provider stamps this tenant id (tid) on its tokens; the server accepts only this tenant.
      OFFICE365_TENANT_ID: identityProvider.tenantId,
      OFFICE365_CLIENT_ID: identityProvider.clientId,
      OFFICE365_CLIENT_SECRET: identityProvider.clientSecret,
      OFFICE365_ISSUER: identityProvider.issuer,
      VIDEO_HOSTS: new URL(videoOrigin).host,
      MAIL_GRAPH_LOGIN_URL: graphOrigin,
      MAIL_GRAPH_API_URL: graphOrigin,
    },
  });
  return lane;
}

let exitCode = 1;
try {
  await Promise.all(Array.from({ length: laneCount }, (_, i) => startLane(firstPort + i)));
  // Spawned, not spawnSync: the video host above answers from this process while the tests run.
  const tests = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'e2e/vitest.config.ts',
      `--maxWorkers=${laneCount}`,
      ...process.argv.slice(2).filter((a) => a !== '--build'),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        // A test worker takes the lane of its VITEST_POOL_ID (e2e/support.ts).
        E2E_LANES: JSON.stringify(lanes.map(({ baseUrl, issuer }) => ({ baseUrl, issuer }))),
        E2E_VIDEO_ORIGIN: videoOrigin,
      },
    },
  );
  exitCode = (await new Promise((resolve) => tests.on('exit', resolve))) ?? 1;
} catch (err) {
  console.error(err);
} finally {
  await stopAll();
}
process.exit(exitCode);

/**
 * Runs apps/server/test/identity-provider.ts in a child process (the tsx loader handles the TypeScript)
 * and resolves with its issuer and client once it listens.
 */
function startIdentityProvider(redirectUri, tenantId, accounts) {
  const script = `
    const { startIdentityProvider } = await import('./apps/server/test/identity-provider.ts');
    const idp = await startIdentityProvider(${JSON.stringify({ redirectUri, tenantId, accounts })});
    console.log(JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }));
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // oidc-provider warns at length about its development defaults, which are exactly what a test wants.
  child.stderr.on('data', (chunk) => {
    const text = String(chunk)
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('oidc-provider WARNING'))
      .join('\n');
    if (text) process.stderr.write(`${text}\n`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('the identity provider did not start'));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ ...JSON.parse(line), tenantId, process: child });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the identity provider exited with ${code}`));
    });
  });
}
