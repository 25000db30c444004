import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
