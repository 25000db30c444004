// A throw-away Atrium for scripts (e2e/run.mjs, bench/lighthouse.mjs, bench/document-upload.ts): the
// server on loopback with a fresh embedded database in a temporary folder, gone again after stop().
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {object} LocalServer
 * @property {string} baseUrl `http://127.0.0.1:{port}`
 * @property {string} dataDir the server's DATA_DIR (embedded database, stored files), removed by stop()
 * @property {import('node:child_process').ChildProcess} process the server's node process
 * @property {() => Promise<void>} stop SIGTERM, then, once the process has exited, removes dataDir
 */

/**
 * Starts apps/server/src/main.ts on 127.0.0.1:`port` with DATA_DIR a new temporary folder, no
 * DATABASE_URL (so the embedded database, with the demo data) and LOG_LEVEL=warn; `env` is added on top
 * of those and of this process's environment. Resolves once /core/api/health answers ok; rejects, the
 * server stopped, if it exits first or is not healthy within `healthTimeoutMs`.
 *
 * @param {{ port: number, env?: Record<string, string>, healthTimeoutMs?: number, dataDirPrefix?: string }} options
 * @returns {Promise<LocalServer>}
 */
export async function startLocalServer({ port, env = {}, healthTimeoutMs = 60_000, dataDirPrefix = 'atrium-local-' }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  // One process (node with the tsx loader, not npx or tsx's CLI), so that killing it leaves nothing behind.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;

  // Should the script end while the server runs (a signal while it starts, an error before stop()), the
  // server must not outlive it holding the port: 'exit' listeners run on process.exit() too.
  const onExit = () => {
    if (running()) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  // Waits for the exit before removing the folder: the server closes its database into it on SIGTERM.
  const stop = async () => {
    process.off('exit', onExit);
    if (running()) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + healthTimeoutMs;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    }
    if (Date.now() >= until) {
      await stop();
      throw new Error(`server not healthy after ${healthTimeoutMs} ms`);
    }
    try {
      if ((await fetch(`${baseUrl}/core/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, process: child, stop };
}
