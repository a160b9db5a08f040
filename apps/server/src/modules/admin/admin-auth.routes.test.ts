import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, staff, uploads } from '../../db/schema/index.ts';
import { fieldsNamed } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOGIN_LIMIT_RULES } from '../../http/login-throttle.ts';
import { hashStaffPassword } from './staff-password.ts';

let t: TestApp;
// The app's clock stands still unless a test waits out a login delay, so waits are exact.
const started = Date.now();
let skipped = 0;
const wait = (ms: number) => {
  skipped += ms;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(started + skipped) });
  const passwordHash = await hashStaffPassword('Counter123');
  await t.db.insert(staff).values([
    { account: 'counter', passwordHash, name: '櫃台', role: 'staff' },
    { account: 'gone', passwordHash, name: '離職', role: 'staff', status: 0 },
    { account: 'office', passwordHash, name: '門市', role: 'staff' },
    { account: 'target', passwordHash, name: '被猜的帳號', role: 'staff' },
    { account: 'boss', passwordHash, name: '店長', role: 'owner' },
    { account: 'slow', passwordHash, name: '慢慢來', role: 'staff' },
  ]);
});
afterAll(() => t?.close());

async function login(account: string, password: string, remoteAddress = '127.0.0.1', device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth',
    payload: { account, password },
    remoteAddress,
    ...(device ? { cookies: { shop_staff_device: device } } : {}),
  });
}
const { perAccountAtAddress, perAddress, perAccount } = LOGIN_LIMIT_RULES;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function multipart(fileName: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----shopboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('staff login', () => {
  it('answers a staff token and the account for the right password, and audits the login', async () => {
    const res = await login('counter', 'Counter123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.staff).toMatchObject({ account: 'counter', role: 'staff', status: 1 });
    expect(data.staff).not.toHaveProperty('password_hash');
    expect(typeof data.token.access_token).toBe('string');

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers: bearer(data.token.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.name).toBe('櫃台');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.staffId, data.staff.id));
    expect(rows.map((r) => r.action)).toContain('login');
  });

  it.each([
    ['wrong password', 'counter', 'Wrong1234'],
    ['unknown account', 'nobody', 'Counter123'],
    ['deactivated account', 'gone', 'Counter123'],
  ])('refuses a %s with one message', async (_case, account, password) => {
    const res = await login(account, password);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('帳號或密碼錯誤');
  });

  it('validates the body with zh-TW field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth', payload: { account: '' } });
    expect(fieldsNamed(res)).toEqual(['account', 'password']);
  });

  it('an office signs in all day: successful sign-ins never count against the account', async () => {
    for (let i = 0; i < perAccount.max + 5; i++) {
      expect((await login('office', 'Counter123', '10.9.0.1')).statusCode).toBe(200);
    }
  });

  it('a stranger guessing from many addresses cannot lock the owner out of a device the owner used before', async () => {
    const before = await login('boss', 'Counter123', '10.6.9.9');
    expect(before.statusCode).toBe(200);
    const device = before.json().data.known_device;
    // The device proof is an HttpOnly cookie for the login call only (and in the answer for the back office's page server).
    const cookie = String(before.headers['set-cookie']);
    expect(cookie).toContain(`shop_staff_device=${device}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/v1\/admin\/auth/);

    const attackers = ['10.6.0.1', '10.6.0.2', '10.6.0.3', '10.6.0.4'];
    const statuses: number[] = [];
    for (let i = 0; i < perAccount.max + 2; i++) {
      if (i > 0) wait(10_000); // past each growing delay, so every guess is checked
      statuses.push((await login('boss', `Guess${i}xyz`, attackers[i % attackers.length])).statusCode);
    }
    expect(statuses).toEqual(Array(perAccount.max + 2).fill(401));

    // Right after the 12th guess: unknown devices wait 4 s (1, 2, 4 s after the 10th, 11th, 12th)…
    const fromAttacker = await login('boss', 'Counter123', attackers[0]);
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.headers['retry-after']).toBe('4');
    expect(fromAttacker.json().msg).toBe('登入失敗次數過多，請 4 秒後再試');
    // …while the owner's own device gets in at once.
    expect((await login('boss', 'Counter123', '10.6.9.9', device)).statusCode).toBe(200);

    // The owner hears of it in the audit log (written in the background, hence the polling).
    const [boss] = await t.db.select().from(staff).where(eq(staff.account, 'boss'));
    const ofBoss = and(eq(auditLog.action, 'login-failures'), eq(auditLog.entityId, String(boss!.id)));
    let rows: (typeof auditLog.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await t.db.select().from(auditLog).where(ofBoss);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: null, entity: 'staff' });
    expect(rows[0]!.after).toMatchObject({ account: 'boss', failures: perAccount.max });
    const listed = await t.asStaff('owner', 'GET', '/api/v1/admin/audit-log?entity=staff&size=50');
    expect(listed.json().data.map((r: { action: string }) => r.action)).toContain('login-failures');
  });

  it(`blocks the guessing address after ${perAccountAtAddress.max} wrong passwords, while the account only slows down`, async () => {
    for (let i = 0; i < perAccountAtAddress.max; i++) {
      expect((await login('target', `Guess${i}xyz`, '10.8.0.1')).statusCode).toBe(401);
    }
    const blocked = await login('target', 'Counter123', '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('登入失敗次數過多，請 15 分鐘後再試');
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    wait(perAccount.backoff.firstMs);
    // The holder on a device the shop has not seen, somewhere else: in after a second.
    expect((await login('target', 'Counter123', '10.8.1.1')).statusCode).toBe(200);
    expect((await login('target', 'Counter123', '10.8.0.1')).statusCode).toBe(429);
    // Another account is not held back.
    expect((await login('counter', 'Counter123', '10.8.1.1')).statusCode).toBe(200);
  });

  it('doubles the wait of unknown devices with every further failure', async () => {
    for (let i = 0; i < perAccount.max; i++) {
      expect((await login('slow', `Guess${i}xyz`, `10.8.2.${i}`)).statusCode).toBe(401);
    }
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      const held = await login('slow', 'Counter123', '10.8.3.1');
      expect(held.statusCode).toBe(429);
      waits.push(String(held.headers['retry-after']));
      wait(Number(held.headers['retry-after']) * 1000);
      expect((await login('slow', `Again${i}xyz`, `10.8.4.${i}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4']);
  });

  it(`stops one address after ${perAddress.max} wrong passwords over many accounts`, async () => {
    for (let i = 0; i < perAddress.max; i++) {
      expect((await login(`ghost${i}`, 'Counter123', '10.7.0.1')).statusCode).toBe(401);
    }
    expect((await login('counter', 'Counter123', '10.7.0.1')).statusCode).toBe(429);
    expect((await login('counter', 'Counter123', '10.7.0.2')).statusCode).toBe(200);
  });

  it('logout ends the session: the same token then answers 401 token驗證失敗', async () => {
    const token = (await login('counter', 'Counter123')).json().data.token.access_token;
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().msg).toBe('token驗證失敗');
  });
});

describe('who may call admin routes', () => {
  it('a member token, no token and the guest credential are all refused', async () => {
    expect((await t.asMember(1, 'GET', '/api/v1/admin/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/me' })).statusCode).toBe(401);
    expect((await t.guest('GET', '/api/v1/admin/me')).statusCode).toBe(401);
  });

  it('staff may not manage staff or read the audit log (403); the owner may', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/staff')).statusCode).toBe(403);
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/audit-log')).statusCode).toBe(403);
    expect(
      (
        await t.asStaff('staff', 'POST', '/api/v1/admin/staff', {
          account: 'x1',
          password: 'Abcd1234',
          name: 'x',
          role: 'owner',
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.asStaff('owner', 'GET', '/api/v1/admin/staff');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { account: string }) => s.account)).toEqual(
      expect.arrayContaining(['counter', 'gone', 'test-owner']),
    );
  });

  it('the role is read from the database: a demoted owner loses owner routes at once', async () => {
    const passwordHash = await hashStaffPassword('Boss12345');
    await t.db.insert(staff).values({ account: 'boss2', passwordHash, name: '副店長', role: 'owner' });
    const token = (await login('boss2', 'Boss12345')).json().data.token.access_token;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/staff', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    await t.db.update(staff).set({ role: 'staff' }).where(eq(staff.account, 'boss2'));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/staff', headers: bearer(token) })).statusCode).toBe(
      403,
    );
  });

  it('the HttpOnly staff cookie works for reads; a cookie-borne write needs the XSRF header', async () => {
    const token = (await login('counter', 'Counter123')).json().data.token.access_token;
    const cookie = `shop_admin=${token}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers: { cookie } })).statusCode).toBe(200);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: { cookie } });
    expect(noHeader.statusCode).toBe(403);
    const withHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/logout',
      headers: { cookie: `${cookie}; XSRF-TOKEN=abc`, 'x-xsrf-token': 'abc' },
    });
    expect(withHeader.statusCode).toBe(200);
  });
});

describe('staff management (owner)', () => {
  it('creates an account with an audit row, never storing or answering the password', async () => {
    const res = await t.asStaff('owner', 'POST', '/api/v1/admin/staff', {
      account: 'packer',
      password: 'Packer123',
      name: '出貨員',
      role: 'staff',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ account: 'packer', role: 'staff', status: 1, version: 1 });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(row).toMatchObject({ action: 'create', entity: 'staff', staffId: await t.staffId('owner') });
    expect(JSON.stringify(row!.after)).not.toContain('argon2');
    expect((await login('packer', 'Packer123')).statusCode).toBe(200);
  });

  it('refuses a taken account and a weak password with field errors', async () => {
    const taken = await t.asStaff('owner', 'POST', '/api/v1/admin/staff', {
      account: 'counter',
      password: 'Abcd12345',
      name: 'x',
      role: 'staff',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: 'account', msg: '此帳號已被使用' }]);
    const weak = await t.asStaff('owner', 'POST', '/api/v1/admin/staff', {
      account: 'weak',
      password: 'short',
      name: 'x',
      role: 'staff',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toEqual({ field: 'password', msg: '密碼至少 8 個字元' });
  });

  it('answers 409 for a stale version and keeps the newer change', async () => {
    const [row] = await t.db.select().from(staff).where(eq(staff.account, 'counter'));
    const first = await t.asStaff('owner', 'PUT', `/api/v1/admin/staff/${row!.id}`, {
      name: '櫃台小美',
      role: 'staff',
      status: 1,
      version: row!.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(row!.version + 1);
    const second = await t.asStaff('owner', 'PUT', `/api/v1/admin/staff/${row!.id}`, {
      name: '舊表單',
      role: 'staff',
      status: 1,
      version: row!.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('資料已被其他人修改，請重新整理後再試');
    const [after] = await t.db.select().from(staff).where(eq(staff.id, row!.id));
    expect(after!.name).toBe('櫃台小美');
  });

  it('deactivating an account ends its sessions', async () => {
    const token = (await login('packer', 'Packer123')).json().data.token.access_token;
    const [row] = await t.db.select().from(staff).where(eq(staff.account, 'packer'));
    const res = await t.asStaff('owner', 'PUT', `/api/v1/admin/staff/${row!.id}`, {
      name: row!.name,
      role: 'staff',
      status: 0,
      version: row!.version,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('keeps at least one active owner', async () => {
    const owners = await t.db.select().from(staff).where(eq(staff.role, 'owner'));
    // Demote every other owner first, then try the last one.
    for (const o of owners.filter((o) => o.account !== 'test-owner')) {
      await t.db.update(staff).set({ role: 'staff' }).where(eq(staff.id, o.id));
    }
    const [me] = await t.db.select().from(staff).where(eq(staff.account, 'test-owner'));
    const res = await t.asStaff('owner', 'PUT', `/api/v1/admin/staff/${me!.id}`, {
      name: me!.name,
      role: 'staff',
      status: 1,
      version: me!.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('商店至少需要一位啟用中的店長');
  });

  it('the owner reads the audit trail newest first, with the actor name', async () => {
    const res = await t.asStaff('owner', 'GET', '/api/v1/admin/audit-log?entity=staff&size=5');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const first = res.json().data[0];
    expect(first).toMatchObject({ entity: 'staff', staff_account: 'test-owner' });
  });
});

describe('POST /admin/uploads', () => {
  it('re-encodes a picture to WebP at most 1920 px wide and records who uploaded it', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      ...multipart('photo.png', png, 'image/png'),
      headers: { ...multipart('photo.png', png).headers, authorization: await t.staffAuthorization('staff') },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.name).toMatch(/^admin\/\d{4}\/\d{2}\/[\w-]+\.webp$/);
    expect(data.width).toBe(1920);
    const stored = fs.readFileSync(path.join(t.config.dataDir, 'uploads', data.name));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    const [row] = await t.db.select().from(uploads).where(eq(uploads.name, data.name));
    expect(row!.ownerStaffId).toBe(await t.staffId('staff'));
  });

  it('refuses a file that is not a picture (by content, whatever its name) with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      payload: multipart('evil.png', Buffer.from('<script>alert(1)</script>')).payload,
      headers: {
        ...multipart('evil.png', Buffer.from('')).headers,
        authorization: await t.staffAuthorization('staff'),
      },
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses members', async () => {
    const res = await t.asMember(1, 'POST', '/api/v1/admin/uploads', {});
    expect(res.statusCode).toBe(401);
  });
});
