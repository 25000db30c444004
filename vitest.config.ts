import { defineConfig } from 'vitest/config';
import { SlowestTestsReporter } from './tools/vitest/slowest-tests-reporter.ts';

/** Tests that need a real service are in the run only when it is configured, and say so when not. */
const needsService: [string, string][] = [
  ['TEST_DATABASE_URL', 'test/hub/backplane-postgres.test.ts'],
  ['TEST_DATABASE_URL', 'test/migrate-postgres.test.ts'],
  ['TEST_DATABASE_URL', 'test/membership-locks-postgres.test.ts'],
  ['TEST_DATABASE_URL', 'test/scoped-pool-postgres.test.ts'],
  ['REDIS_URL', 'test/hub/backplane-redis.test.ts'],
  ['REDIS_URL', 'test/hub/backplane-versions.test.ts'],
  ['REDIS_URL', 'test/hub/presence-redis.test.ts'],
  // Two server processes share one database: PostgreSQL only.
  ['TEST_DATABASE_URL', 'test/operations/rolling-restart.test.ts'],
  ['TEST_DATABASE_URL', 'test/operations/backup-app-login.test.ts'],
];
const leftOut = needsService.filter(([variable]) => !process.env[variable]);
for (const [variable, file] of leftOut) console.info(`server: ${file} is not in this run: ${variable} is unset`);

/**
 * Tests that compare how long things take: they run last, one file at a time, so that no other test
 * file's work lands in one of the two measurements they compare.
 */
const timed = ['src/modules/passwords/passwords.test.ts', 'src/storage/images.test.ts'];

/**
 * Tests that replace a module of the app (vi.mock): they load the app afresh. Every other server test
 * file shares its worker's loaded modules (isolate: false), as each builds its own app and database, so
 * the app's code is imported once a worker rather than once a file (import time ~190 s to ~17 s).
 */
const mocking = [
  'src/modules/users/users-import-hashing.test.ts',
  'src/modules/users/users-import-transaction.test.ts',
];

/**
 * Web tests that replace a module of the app (vi.mock) load the app afresh. Every other web test file
 * shares its worker's loaded modules (isolate: false; the web tests took 300 s isolated, about 100 s
 * so), and apps/web/src/test/setup.ts puts the app's module state back after each test.
 */
const webMocking = [
  'src/app/page-error.test.tsx',
  'src/features/mail-settings/components/template-preview.test.tsx',
  'src/shared/hub/use-hub-connection.test.tsx',
];
const web = { extends: './apps/web/vitest.config.ts', root: 'apps/web' } as const;

const server = {
  root: 'apps/server',
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // Two files at a time: much of a test's time is spent waiting on the database, timers and sockets.
    maxWorkers: 2,
    // The ten slowest tests of each suite after the summary: a test drifting towards its timeout shows.
    reporters: ['default', new SlowestTestsReporter(10)],
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...timed, ...mocking, ...leftOut.map(([, file]) => file)],
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-mocking', include: mocking } },
      {
        test: { ...server, name: 'server-timed', include: timed, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        ...web,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: webMocking, isolate: false },
      },
      { ...web, test: { name: 'web-mocking', include: webMocking } },
    ],
  },
});
