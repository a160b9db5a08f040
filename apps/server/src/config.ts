import path from 'node:path';
import { z } from 'zod';

// Every setting the server reads, parsed once at start (STYLE.md §1). A bad value stops the
// process with a list of what is wrong instead of failing later in a request.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used for absolute links (Open Graph images, sitemap, payment callbacks). */
  PUBLIC_URL: z.url().optional(),
  /** Where the embedded database, uploads and the development SMS log live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL URL; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /** Load demo data into an empty database (never in production). */
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto'),
  GUEST_BASIC_USER: z.string().min(1).default('guest'),
  GUEST_BASIC_PASSWORD: z.string().min(1).default('guest-storefront'),
  JWT_SECRET: z.string().min(32).default('development-only-secret-change-me-please-0123456789'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  publicUrl: string;
  seedDemo: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`設定錯誤 (configuration is invalid):\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.JWT_SECRET.startsWith('development-only')) {
    throw new Error('設定錯誤: JWT_SECRET must be set in production');
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO === 'auto' ? c.NODE_ENV !== 'production' : c.SEED_DEMO === 'true',
  };
}
