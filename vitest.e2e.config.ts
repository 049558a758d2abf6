import { defineConfig } from 'vitest/config';

// Browser journeys: Debian chromium through playwright-core, against a real server on 127.0.0.1.
export default defineConfig({
  test: {
    include: ['apps/*/e2e/**/*.e2e.ts'],
    globalSetup: ['tooling/test/src/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
