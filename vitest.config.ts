import { defineConfig } from 'vitest/config';

/** Tests that need a real service are in the run only when it is configured, and say so when not. */
const needsService: [string, string][] = [
  ['TEST_DATABASE_URL', 'test/hub/backplane-postgres.test.ts'],
  ['TEST_DATABASE_URL', 'test/migrate-postgres.test.ts'],
  ['TEST_DATABASE_URL', 'test/membership-locks-postgres.test.ts'],
  ['REDIS_URL', 'test/hub/backplane-redis.test.ts'],
  ['REDIS_URL', 'test/hub/backplane-versions.test.ts'],
  ['REDIS_URL', 'test/hub/presence-redis.test.ts'],
  // Two server processes share one database: PostgreSQL only.
  ['TEST_DATABASE_URL', 'test/operations/rolling-restart.test.ts'],
  ['TEST_DATABASE_URL', 'test/operations/backup-app-login.test.ts'],
];
const leftOut = needsService.filter(([variable]) => !process.env[variable]);
for (const [variable, file] of leftOut) console.info(`server: ${file} is not in this run: ${variable} is unset`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: leftOut.map(([, file]) => file),
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
