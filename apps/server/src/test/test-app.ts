import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { WebBuild } from '../web/request-handler.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { guestAuthorization } from '../plugins/access.ts';
import { signAccessToken } from '../modules/members/access-token.ts';
import { staff, staffSessions } from '../db/schema/index.ts';

export interface TestApp {
  app: App;
  db: Db;
  /** The database, to build another app on the same one (another process of one shop). */
  database: TestDatabase;
  config: Config;
  /** GET/POST through the guest path with the storefront's Basic credential. */
  guest(method: InjectOptions['method'], url: string, payload?: unknown): Promise<Awaited<ReturnType<App['inject']>>>;
  /** A request with a member's bearer token. */
  asMember(
    memberId: number,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<Awaited<ReturnType<App['inject']>>>;
  /**
   * A request as a back-office account of `role` (created on first use, with a live session; the
   * same account for every call of one role). `staffId(role)` answers its id for audit assertions.
   */
  asStaff(
    role: 'owner' | 'staff',
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<Awaited<ReturnType<App['inject']>>>;
  staffId(role: 'owner' | 'staff'): Promise<number>;
  /** The `Authorization` header asMember sends, for requests with more headers (Idempotency-Key, multipart). */
  memberAuthorization(memberId: number): Promise<string>;
  /** The `Authorization` header asStaff sends, for requests built by hand (multipart uploads). */
  staffAuthorization(role: 'owner' | 'staff'): Promise<string>;
  close(): Promise<void>;
}

type StaffRole = 'owner' | 'staff';

/** A back-office account of each role, made on first use with a live session; the same one after. */
function staffAccounts(db: Db, config: Config): (role: StaffRole) => Promise<{ id: number; token: string }> {
  const accounts = new Map<StaffRole, Promise<{ id: number; token: string }>>();
  const create = async (role: StaffRole) => {
    const [row] = await db
      .insert(staff)
      .values({ account: `test-${role}`, passwordHash: 'not-a-login-hash', name: `測試${role}`, role })
      .returning({ id: staff.id });
    const [session] = await db
      .insert(staffSessions)
      .values({ staffId: row!.id, expiresAt: new Date('2999-01-01T00:00:00Z') })
      .returning({ id: staffSessions.id });
    const token = await signAccessToken(
      row!.id,
      'staff',
      { secret: config.JWT_SECRET, ttlSeconds: 3600 },
      { role, sid: session!.id },
    );
    return { id: row!.id, token };
  };
  return (role) => {
    let account = accounts.get(role);
    if (!account) {
      account = create(role);
      accounts.set(role, account);
    }
    return account;
  };
}

/** The inject option for a body, none when there is none. */
const withPayload = (payload: unknown) => (payload === undefined ? {} : { payload: payload as object });

/**
 * The real app on a fresh, migrated database (in-memory PGlite, or a new database on the server in
 * DATABASE_URL), holding only the data the test inserts — never the demo seed (STYLE.md §7).
 */
export interface TestAppOptions {
  now?: () => Date;
  env?: Record<string, string>;
  logStream?: { write(line: string): void };
  /** Another test app's database: this app is a second process of the same shop (closed by its owner). */
  database?: TestDatabase;
  /** Pages too: the storefront's route modules (storefront-build.ts) or a stand-in build. */
  web?: WebBuild;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    db: database.db,
    now: options.now,
    logStream: options.logStream,
    web: options.web,
  });
  await app.ready();
  const guestAuth = guestAuthorization(config.GUEST_BASIC_USER, config.GUEST_BASIC_PASSWORD);
  const staffAccount = staffAccounts(database.db, config);
  return {
    app,
    db: database.db,
    database,
    config,
    guest: async (method, url, payload) =>
      app.inject({
        method,
        url: url.replace('/api/v1/', '/api/v1/guest/'),
        headers: { authorization: guestAuth },
        ...withPayload(payload),
      }),
    asMember: async (memberId, method, url, payload) => {
      const token = await signAccessToken(memberId, 'member', { secret: config.JWT_SECRET, ttlSeconds: 300 });
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...withPayload(payload),
      });
    },
    asStaff: async (role, method, url, payload) => {
      const { token } = await staffAccount(role);
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...withPayload(payload),
      });
    },
    staffId: async (role) => (await staffAccount(role)).id,
    memberAuthorization: async (memberId) =>
      `Bearer ${await signAccessToken(memberId, 'member', { secret: config.JWT_SECRET, ttlSeconds: 300 })}`,
    staffAuthorization: async (role) => `Bearer ${(await staffAccount(role)).token}`,
    close: async () => {
      await app.close();
      if (!options.database) await database.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of the enclosing `describe` (or file): built before its tests (a `beforeAll` registered
 * where this is called, so hooks registered after it see the app), closed after them. `options` may be
 * a function, read when the app is built, for values known only then (a stand-in's URL). Read the
 * answer's members inside hooks and tests only.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(() => built?.close());
  const t = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll: read it inside hooks and tests');
    return built;
  };
  return {
    get app() {
      return t().app;
    },
    get db() {
      return t().db;
    },
    get database() {
      return t().database;
    },
    get config() {
      return t().config;
    },
    guest: (...args) => t().guest(...args),
    asMember: (...args) => t().asMember(...args),
    asStaff: (...args) => t().asStaff(...args),
    staffId: (role) => t().staffId(role),
    memberAuthorization: (memberId) => t().memberAuthorization(memberId),
    staffAuthorization: (role) => t().staffAuthorization(role),
    close: () => t().close(),
  };
}

/** A form post (`application/x-www-form-urlencoded`), as a browser or a provider's notice sends it. */
export const postForm = (t: Pick<TestApp, 'app'>, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
