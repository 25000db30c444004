// Lints the API's OpenAPI document as the server generates it: builds the app in-process (on an empty
// in-memory database, which generating the document never reads), writes the document to a temporary
// file and runs Redocly CLI on it with redocly.yaml (the recommended rules, every exception justified).
// Run by `npm run lint`; exits non-zero when the document has an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';

const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'atrium-openapi-'));
let status = 1;
try {
  const database = await openDatabase({ dataDir: null });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: tmp });
  const app = await buildApp({ config, database });
  await app.ready();
  const file = join(tmp, 'openapi.json');
  writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  await database.close();
  const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const lint = spawnSync(
    process.execPath,
    [redocly, 'lint', '--format=stylish', '--config', join(root, 'redocly.yaml'), file],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);
