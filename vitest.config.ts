import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['vitest.setup.ts', 'apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts'],
          // A migrated, seeded embedded database each test file copies (skipped on TEST_DATABASE_URL).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A page waited for by expect.poll may take more than the default second to render on a busy
          // two-core machine; a wait is a ceiling, not a speed check (speed is measured by the bench).
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
