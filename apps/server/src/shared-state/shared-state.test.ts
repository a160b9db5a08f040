// Several processes of one shop (issue 18): each test app below is one process, all on one
// database; with REDIS_URL they share limits and change notices through the machine's Redis.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTypes } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { LOGIN_LIMIT_RULES } from '../http/login-throttle.ts';
import { addMember, call, PASSWORD } from '../modules/members/member-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testRedisUrl } from './test-redis.ts';

/** A mobile number no earlier run left counters for in the shared Redis. */
const freshAccount = () => `09${String(randomInt(10_000_000, 99_999_999))}`;
/** An address of the 10/8 range no earlier run used (keys in Redis outlive the test). */
const freshIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function processes(n: number, env: Record<string, string>): Promise<TestApp[]> {
  const first = await createTestApp({ env });
  const rest = [];
  for (let i = 1; i < n; i++) rest.push(await createTestApp({ env, database: first.database }));
  const apps = [first, ...rest];
  // Until its connection is up a process counts in its own memory (by design): wait, as a deploy's
  // readiness probe does, or a slow machine's first guesses land before the counters are shared.
  for (const t of apps) await readyWithRedis(t);
  return apps;
}

async function readyWithRedis(t: TestApp): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('Redis did not become ready within 5 s');
}
async function closeAll(apps: TestApp[]) {
  // The first app owns the database: the others close before it.
  for (const app of [...apps].reverse()) await app.close();
}

const wrongLogin = (t: TestApp, account: string, ip: string) =>
  call(t, 'POST', '/api/v1/members/auth', { account, password: 'Wrong-password1' }, { ip });

describe('login guesses with Redis shared by three processes', () => {
  let apps: TestApp[];
  beforeAll(async () => {
    apps = await processes(3, { REDIS_URL: testRedisUrl() });
  });
  afterAll(() => closeAll(apps));

  it('allows the same number of wrong passwords as one process, wherever they land', async () => {
    const account = freshAccount();
    const ip = freshIp();
    await addMember(apps[0]!, account);
    const max = LOGIN_LIMIT_RULES.perAccountAtAddress.max;
    for (let i = 0; i < max; i++) {
      expect((await wrongLogin(apps[i % 3]!, account, ip)).statusCode).toBe(401);
    }
    for (const t of apps) {
      const held = await call(t, 'POST', '/api/v1/members/auth', { account, password: PASSWORD }, { ip });
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts a right password on any process as clearing the account everywhere', async () => {
    const account = freshAccount();
    const ip = freshIp();
    await addMember(apps[0]!, account);
    for (let i = 0; i < 3; i++) expect((await wrongLogin(apps[i]!, account, ip)).statusCode).toBe(401);
    const ok = await call(apps[1]!, 'POST', '/api/v1/members/auth', { account, password: PASSWORD }, { ip });
    expect(ok.statusCode).toBe(200);
    // Cleared: another full round of failures is allowed before the hold.
    const max = LOGIN_LIMIT_RULES.perAccountAtAddress.max;
    for (let i = 0; i < max; i++) expect((await wrongLogin(apps[2]!, account, ip)).statusCode).toBe(401);
    expect((await wrongLogin(apps[0]!, account, ip)).statusCode).toBe(429);
  });

  it('shares the guest order look-up limit of the rate-limit plugin', async () => {
    const ip = freshIp();
    const lookup = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/guest/orders-by-members-cellphone/0912345678',
        remoteAddress: ip,
        headers: { authorization: `Basic ${Buffer.from('guest:guest-storefront').toString('base64')}` },
      });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await lookup(apps[i % 3]!)).statusCode);
    expect(codes.slice(0, 30).every((code) => code !== 429)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('a back-office change reaches every process', () => {
  let apps: TestApp[];
  beforeAll(async () => {
    apps = await processes(2, { REDIS_URL: testRedisUrl() });
  });
  afterAll(() => closeAll(apps));

  it('shows a new price on the other process within a second', async () => {
    await expectPriceChangeSeenWithin(apps, 1_000);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('without Redis, on PostgreSQL: LISTEN/NOTIFY', () => {
  let database: TestDatabase;
  let apps: TestApp[];
  beforeAll(async () => {
    database = await createTestDatabase();
    // The processes listen on the database they use.
    const env = { DATABASE_URL: database.url! };
    apps = [await createTestApp({ env, database }), await createTestApp({ env, database })];
  });
  afterAll(async () => {
    await closeAll(apps);
    await database?.cleanup();
  });

  it('shows a new price on the other process within a second', async () => {
    await expectPriceChangeSeenWithin(apps, 1_000);
  });
});

describe('Redis away', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once.
    t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t?.close());

  it('keeps limiting logins in this process and says so once, not per request', async () => {
    const account = freshAccount();
    const ip = freshIp();
    await addMember(t, account);
    const max = LOGIN_LIMIT_RULES.perAccountAtAddress.max;
    for (let i = 0; i < max; i++) expect((await wrongLogin(t, account, ip)).statusCode).toBe(401);
    expect((await wrongLogin(t, account, ip)).statusCode).toBe(429);
    const outages = lines.filter((line) => line.includes('Redis unavailable'));
    // One line per connection (commands and change notices), however many requests ran.
    expect(outages.length).toBeGreaterThanOrEqual(1);
    expect(outages.length).toBeLessThanOrEqual(2);
  });
});

async function expectPriceChangeSeenWithin([writer, reader]: TestApp[], budgetMs: number) {
  const [type] = await writer!.db.insert(productTypes).values({ name: '茶葉', level: 1, indexId: 1 }).returning();
  const body = {
    name: '高山烏龍',
    description1: '',
    description2: '',
    pics: ['admin/2026/06/tea-a.webp'],
    description_titles: [],
    tag_type: 1,
    status: 1,
    index_id: 1,
    product_type_ids: [type!.id],
    activity_start_time: '',
    activity_end_time: '',
    internet_celebrity: false,
    specs: [{ name: '150g', price: 900, on_sale_price: 800, stock: 20 }],
  };
  const created = await writer!.asStaff('owner', 'POST', '/api/v1/admin/products', body);
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json().data as { id: number; version: number; specs: { id: number }[] };
  const priceOn = async (t: TestApp) =>
    (await t.guest('GET', `/api/v1/products/${product.id}`)).json().data.product_specs[0].on_sale_price as number;
  // The reader keeps the answer in its cache (60 s) …
  expect(await priceOn(reader!)).toBe(800);
  expect(await priceOn(reader!)).toBe(800);
  const changed = await writer!.asStaff('owner', 'PUT', `/api/v1/admin/products/${product.id}`, {
    ...body,
    specs: [{ id: product.specs[0]!.id, name: '150g', price: 900, on_sale_price: 750, stock: 20 }],
    version: product.version,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  // … until the writer's notice clears it.
  const saved = Date.now();
  let seen = await priceOn(reader!);
  while (seen !== 750 && Date.now() - saved < budgetMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await priceOn(reader!);
  }
  expect(seen).toBe(750);
  expect(Date.now() - saved).toBeLessThan(budgetMs);
}
