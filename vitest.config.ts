import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API tests open their own in-memory database; PGlite start-up is slow-ish, so give hooks room.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves a core idle on a 2-core machine (CI's): API files wait on the database
    // as much as they compute, so a worker per core keeps both busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // One migrated template per run; each test file's database is a copy of it (db/test-database.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Files share a worker's loaded modules instead of importing the app afresh each (decision
          // 078): 3.3× faster on the orders module. Each file still builds its own app on its own database.
          isolate: false,
        },
      },
      {
        extends: true,
        // Components run in jsdom, whose globals (fetch, AbortSignal, document) must not outlive
        // their file in a worker that runs server files next: each file keeps a worker of its own.
        test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
