import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
    ],
    // One migrated template per run; each test file's database is a copy of it (db/test-database.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // API tests open their own in-memory database; PGlite start-up is slow-ish, so give hooks room.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // Files share a worker's loaded modules instead of importing the app afresh each (decision 078):
    // 3.3× faster on the orders module. Each file still builds its own app on its own database.
    isolate: false,
    // Vitest's default leaves a core idle on a 2-core machine (CI's): API files wait on the database
    // as much as they compute, so a worker per core keeps both busy.
    maxWorkers: 2,
  },
});
