import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createTestDatabase } from '../db/test-database.ts';
import { guestAuthorization } from '../plugins/access.ts';
import { signAccessToken } from '../modules/members/access-token.ts';

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  /** GET/POST through the guest path with the storefront's Basic credential. */
  guest(method: InjectOptions['method'], url: string, payload?: unknown): Promise<Awaited<ReturnType<App['inject']>>>;
  /** A request with a member's bearer token. */
  asMember(memberId: number, method: InjectOptions['method'], url: string, payload?: unknown): Promise<Awaited<ReturnType<App['inject']>>>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database (in-memory PGlite, or a new database on the server in
 * DATABASE_URL), holding only the data the test inserts — never the demo seed (STYLE.md §7).
 */
export async function createTestApp(options: { now?: () => Date; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, db: database.db, now: options.now });
  await app.ready();
  const guestAuth = guestAuthorization(config.GUEST_BASIC_USER, config.GUEST_BASIC_PASSWORD);
  return {
    app,
    db: database.db,
    config,
    guest: async (method, url, payload) =>
      app.inject({
        method,
        url: url.replace('/api/v1/', '/api/v1/guest/'),
        headers: { authorization: guestAuth },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    asMember: async (memberId, method, url, payload) => {
      const token = await signAccessToken(memberId, 'member', { secret: config.JWT_SECRET, ttlSeconds: 300 });
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    close: async () => {
      await app.close();
      await database.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
