import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a browser shows can take seconds on a busy 2-core CI machine; vitest's default is 1 s.
    expect: { poll: { timeout: 15_000 } },
    // One file per lane at a time: e2e/run.mjs sets --maxWorkers to its count of lanes (servers).
    // Tests marked concurrent (the accessibility gate's roles): two at a time.
    maxConcurrency: 2,
  },
});
