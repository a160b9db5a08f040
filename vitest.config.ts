import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
    ],
    // API tests open their own in-memory database; PGlite start-up is slow-ish, so give hooks room.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
  },
});
