import { defineConfig } from 'drizzle-kit';

// Run from apps/server (`npm run db:generate` at the root does that), where drizzle-orm is installed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
