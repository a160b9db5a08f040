import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { orderMsg, OrderStatus } from '@shop/domain';
import { uploads } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember, insertShopOrder, resetFixtures } from '../orders/order-fixtures.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createUploadStorage, type UploadStorage } from './upload-storage.ts';
import { sweepUnusedMemberUploads, UNUSED_UPLOAD_LIFETIME_MS } from './uploads.service.ts';

let t: TestApp;
let storage: UploadStorage;
const NOW = new Date('2026-06-01T04:00:00Z');
/** Pages on the shop's origin load the pictures from here (decision 058). */
const FILE_SERVER_URL = 'https://img.shop.example.tw';

const BOUNDARY = '----shop-test-boundary';

/** A multipart/form-data body with one file part (and optional text fields before it). */
function multipart(fieldname: string, filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldname}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return Buffer.concat([head, bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function upload(memberId: number | null, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    payload: body,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(memberId === null ? {} : { authorization: await t.memberAuthorization(memberId) }),
    },
  });
}

/** A phone photo: a JPEG with EXIF (camera, GPS-like comment) and an orientation tag. */
async function phonePhoto(width = 2400, height = 1600) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7a5c' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'ShopPhone', Model: 'X1', ImageDescription: 'GPS 25.0330N 121.5654E' } },
    })
    .toBuffer();
}

/** A return request for a shipped order of the member, showing this upload. */
async function requestReturnShowing(member: number, name: string) {
  const order = await insertShopOrder(t.db, member, {
    isPayment: true,
    isShipping: true,
    shipDate: new Date('2026-05-30T02:00:00Z'),
    status: OrderStatus.Complete,
  });
  return t.asMember(member, 'POST', '/api/v1/order-return-records', {
    orders_id: order.id,
    contact_person: '王小明',
    contact_phone: '0912345678',
    spec: '茶葉一包',
    reason: '包裝破損',
    pic: [name],
    // A paid bank-transfer order: its refund goes to the account the member names (decision 048).
    refund_account: { bank_code: '822', account: '123456789012', holder: '王小明' },
  });
}

/** The stored bytes of an upload, from the store UPLOAD_STORAGE names. */
async function storedBytes(name: string): Promise<Buffer | null> {
  return (await storage.get(name))?.bytes ?? null;
}

/** Whether the file lies under DATA_DIR/uploads (never, with the database store). */
function onDisk(name: string): boolean {
  return fs.existsSync(path.join(t.config.dataDir, 'uploads', name));
}

describe.each(['disk', 'database'] as const)('with UPLOAD_STORAGE=%s', (kind) => {
  beforeAll(async () => {
    resetFixtures();
    t = await createTestApp({ now: () => NOW, env: { UPLOAD_STORAGE: kind, FILE_SERVER_URL } });
    storage = createUploadStorage(t.config, t.db);
  });
  afterAll(() => t?.close());

  describe('POST /upload', () => {
    it('re-encodes a JPEG to WebP without metadata, applies the rotation, and serves it with nosniff', async () => {
      const member = await insertMember(t.db);
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await upload(member, multipart('file', '1717225200-破損.jpg', photo, 'image/jpeg'));
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data;
      expect(data.name).toMatch(/^members\/2026\/06\/[\w-]{22}\.webp$/);
      expect(data).toMatchObject({ url: `/uploads/${data.name}`, mime: 'image/webp' });
      // Orientation 6 turns 2400×1600 into a portrait picture, then at most 1920 wide.
      expect(data.width).toBe(1600);
      expect(data.height).toBe(2400);

      const stored = (await storedBytes(data.name))!;
      expect(onDisk(data.name)).toBe(kind === 'disk');
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from('ShopPhone'))).toBe(false);
      expect(data.size).toBe(stored.length);

      const [row] = await t.db.select().from(uploads).where(eq(uploads.name, data.name));
      expect(row).toMatchObject({ ownerMemberId: member, mime: 'image/webp', originalName: '1717225200-破損.jpg' });

      const served = await t.app.inject({ method: 'GET', url: data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
      expect(served.rawPayload.equals(stored)).toBe(true);
    });

    it('accepts PNG and WebP, and narrows a wide picture to 1920 px', async () => {
      const member = await insertMember(t.db);
      const png = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: '#ffffff80' } })
        .png()
        .toBuffer();
      const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
        .webp()
        .toBuffer();
      const a = await upload(member, multipart('file', 'a.png', png));
      expect(a.statusCode).toBe(201);
      expect(a.json().data).toMatchObject({ width: 1920, height: 640 });
      // The name the browser gave does not matter, only the bytes.
      const b = await upload(member, multipart('file', 'b.jpg', webp, 'image/jpeg'));
      expect(b.statusCode).toBe(201);
      expect(b.json().data).toMatchObject({ width: 400, height: 300 });
    });

    it.each([
      ['a script named .png', Buffer.from('<script>alert(1)</script>'), 'evil.png'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'x.svg'],
      ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'x.jpg'],
    ])('refuses %s with 415', async (_label, bytes, filename) => {
      const member = await insertMember(t.db);
      const res = await upload(member, multipart('file', filename, bytes as Buffer, 'image/png'));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 415, msg: orderMsg.fileUnsupported });
    });

    it('refuses a GIF (only JPEG, PNG and WebP) with 415', async () => {
      const member = await insertMember(t.db);
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer();
      expect((await upload(member, multipart('file', 'a.gif', gif))).statusCode).toBe(415);
    });

    it('refuses more than 5 MB with 413 and stores nothing', async () => {
      const member = await insertMember(t.db);
      const big = Buffer.concat([await phonePhoto(100, 100), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload(member, multipart('file', 'big.jpg', big, 'image/jpeg'));
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe(orderMsg.fileTooLarge);
      expect(await t.db.select().from(uploads).where(eq(uploads.ownerMemberId, member))).toEqual([]);
    });

    it('answers 400 without a `file` part or without multipart, 401 for guests', async () => {
      const member = await insertMember(t.db);
      const wrongField = await upload(member, multipart('photo', 'a.jpg', await phonePhoto(10, 10)));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().errors).toEqual([{ field: 'file', msg: orderMsg.fileChoose }]);
      const json = await t.asMember(member, 'POST', '/api/v1/upload', { file: 'x' });
      expect(json.statusCode).toBe(400);
      expect((await upload(null, multipart('file', 'a.jpg', await phonePhoto(10, 10)))).statusCode).toBe(401);
      const guest = await t.guest('POST', '/api/v1/upload', {});
      expect(guest.statusCode).toBe(401);
    });
  });

  describe('POST /file-delete', () => {
    it("deletes the uploader's own file, from the index and the storage", async () => {
      const member = await insertMember(t.db);
      const { name } = (await upload(member, multipart('file', 'a.jpg', await phonePhoto(50, 50)))).json().data;
      expect(await storage.has(name)).toBe(true);
      const res = await t.asMember(member, 'POST', '/api/v1/file-delete', { name: `/uploads/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ name });
      expect(await storage.has(name)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
      expect(await t.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
      const again = await t.asMember(member, 'POST', '/api/v1/file-delete', { name });
      expect(again.statusCode).toBe(404);
    });

    it("answers 403 for another member's file and keeps it", async () => {
      const owner = await insertMember(t.db);
      const other = await insertMember(t.db);
      const { name } = (await upload(owner, multipart('file', 'a.jpg', await phonePhoto(50, 50)))).json().data;
      const res = await t.asMember(other, 'POST', '/api/v1/file-delete', { name });
      expect(res.statusCode).toBe(403);
      expect(await storage.has(name)).toBe(true);
    });

    it('refuses a file a return request shows (409), and a name that escapes the folder (404)', async () => {
      const member = await insertMember(t.db);
      const { name } = (await upload(member, multipart('file', 'a.jpg', await phonePhoto(50, 50)))).json().data;
      expect((await requestReturnShowing(member, name)).statusCode).toBe(201);
      const res = await t.asMember(member, 'POST', '/api/v1/file-delete', { name });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(orderMsg.fileInUse);
      const escape = await t.asMember(member, 'POST', '/api/v1/file-delete', { name: '../../etc/passwd' });
      expect(escape.statusCode).toBe(404);
      const empty = await t.asMember(member, 'POST', '/api/v1/file-delete', { name: '' });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('the sweep of unused uploads', () => {
    it("deletes a member's photo no return request shows after two days, and keeps the ones a return shows", async () => {
      const member = await insertMember(t.db);
      const send = async () =>
        (await upload(member, multipart('file', 'a.jpg', await phonePhoto(40, 40)))).json().data.name;
      const [used, abandoned] = [await send(), await send()];
      expect((await requestReturnShowing(member, used)).statusCode).toBe(201);
      const stored = (name: string) => storage.has(name);
      const indexed = async (name: string) => (await t.db.select().from(uploads).where(eq(uploads.name, name))).length;

      await sweepUnusedMemberUploads(t.db, storage, new Date(NOW.getTime() + UNUSED_UPLOAD_LIFETIME_MS - 1000));
      expect(await stored(abandoned)).toBe(true);

      await sweepUnusedMemberUploads(t.db, storage, new Date(NOW.getTime() + UNUSED_UPLOAD_LIFETIME_MS + 1000));
      expect(await stored(abandoned)).toBe(false);
      expect(await indexed(abandoned)).toBe(0);
      expect(await stored(used)).toBe(true);
      expect(await indexed(used)).toBe(1);
    });
  });

  describe('GET /uploads/<name>', () => {
    async function uploaded() {
      const member = await insertMember(t.db);
      const res = await upload(member, multipart('file', 'a.jpg', await phonePhoto(60, 40)));
      expect(res.statusCode).toBe(201);
      return res.json().data as { name: string; url: string };
    }
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    it('serves the picture public for 7 days, loadable from the file server origin, with an ETag', async () => {
      const { name, url } = await uploaded();
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['etag']).toEqual(expect.any(String));
      expect(res.rawPayload.equals((await storedBytes(name))!)).toBe(true);
    });

    it('answers 304 without the bytes when the browser has the same ETag', async () => {
      const { url } = await uploaded();
      const etag = String((await get(url)).headers['etag']);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
      const another = await get(url, { 'if-none-match': `"other", ${etag}` });
      expect(another.statusCode).toBe(304);
      expect(another.headers['cache-control']).toBe('public, max-age=604800');
    });

    it('answers 404 to a revalidation of a name never stored', async () => {
      const res = await get('/uploads/members/2026/06/AAAAAAAAAAAAAAAAAAAAAA.webp', { 'if-none-match': '"x"' });
      expect(res.statusCode).toBe(404);
    });

    it('answers 404 for a name never stored', async () => {
      const res = await get('/uploads/members/2026/06/AAAAAAAAAAAAAAAAAAAAAA.webp');
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control'] ?? '').not.toContain('max-age');
    });

    it.each([
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/members/%2e%2e/%2e%2e/secret.txt',
      '/uploads/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/uploads//etc/passwd',
      '/uploads/members/2026/06/x.webp%00.png',
    ])('refuses %s, a path out of the uploads', async (url) => {
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'the shop secret');
      const res = await get(url);
      // @fastify/static refuses some with 400 or 403; the database store answers 404 to every one.
      expect(kind === 'database' ? [404] : [400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('the shop secret');
    });

    if (kind === 'database') {
      it('is served by another process of the shop, which has its own DATA_DIR (issue 18)', async () => {
        const { name, url } = await uploaded();
        const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-other-process-'));
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: otherDir,
          LOG_LEVEL: 'silent',
          UPLOAD_STORAGE: 'database',
        });
        const other = await buildApp({ config, db: t.db });
        try {
          const res = await other.inject({ method: 'GET', url });
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload.equals((await storedBytes(name))!)).toBe(true);
        } finally {
          await other.close();
          fs.rmSync(otherDir, { recursive: true, force: true });
        }
      });
    }
  });
});
