// Builds the web app if needed, starts Atrium on a fresh embedded database with demo data,
// runs the browser tests against it, and stops the server whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'apps/web/dist/index.html')) || process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
// One process (node with the tsx loader), so that killing it leaves nothing behind.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const baseUrl = `http://127.0.0.1:${port}`;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.kill('SIGTERM');
    process.exit(1);
  });
}
let exitCode = 1;
try {
  await waitForHealth(`${baseUrl}/core/api/health`, 60_000);
  const tests = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2).filter((a) => a !== '--build')],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl },
    },
  );
  exitCode = tests.status ?? 1;
} catch (err) {
  console.error(err);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function waitForHealth(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}
