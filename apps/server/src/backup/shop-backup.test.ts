// A shop with orders, members, points and pictures is backed up and restored into a fresh one, on
// PGlite or on the PostgreSQL in DATABASE_URL; the restore refuses what it must refuse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { insertMember, insertSettings, insertShopOrder } from '../modules/orders/order-fixtures.ts';
import { databaseUploadStorage, diskUploadStorage } from '../modules/uploads/upload-storage.ts';
import { codeMigrations, filesUnder } from './backup-archive.ts';
import { createBackup, type ShopLocation } from './create-backup.ts';
import { restoreBackup } from './restore-backup.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const now = new Date('2026-06-15T04:00:00Z');
const folders: string[] = [];
const postgresDatabases: TestDatabase[] = [];

function folder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** A shop's place: a new database on the test server, or a new PGlite folder (not yet created). */
async function newShop(): Promise<ShopLocation> {
  const dataDir = folder('shop-backup-data-');
  if (!onPostgres) return { dataDir };
  const database = await createTestDatabase();
  postgresDatabases.push(database);
  await database.close();
  return { dataDir, databaseUrl: database.url! };
}

async function withDb<T>(shop: ShopLocation, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: shop.databaseUrl, dataDir: shop.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** What must come back: orders, members, points, and the pictures with their bytes. */
async function contents(shop: ShopLocation) {
  const tables = await withDb(shop, async (db) => ({
    orders: await db
      .select({
        id: s.orders.id,
        no: s.orders.orderNumber,
        member: s.orders.memberId,
        pay: s.orders.payAmount,
        status: s.orders.status,
      })
      .from(s.orders)
      .orderBy(asc(s.orders.id)),
    members: await db
      .select({ id: s.members.id, account: s.members.account, hash: s.members.passwordHash })
      .from(s.members)
      .orderBy(asc(s.members.id)),
    points: await db.select().from(s.memberBonus).orderBy(asc(s.memberBonus.memberId)),
    ledger: await db.select().from(s.bonusLedger).orderBy(asc(s.bonusLedger.id)),
    uploads: await db.select().from(s.uploads).orderBy(asc(s.uploads.id)),
    storedPictures: await db
      .select({ name: s.uploadBlobs.name, sha256: s.uploadBlobs.sha256 })
      .from(s.uploadBlobs)
      .orderBy(asc(s.uploadBlobs.name)),
  }));
  const root = path.join(shop.dataDir, 'uploads');
  const files = Object.fromEntries(
    filesUnder(root)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(root, name)).toString('base64')]),
  );
  return { ...tables, files };
}

let source: ShopLocation;
let before: Awaited<ReturnType<typeof contents>>;
let backupFile: string;

/** A small shop: two members with points, their orders, the points' history, pictures on disk and one in the database. */
async function fillShop(db: Db, dataDir: string) {
  await insertSettings(db);
  const memberId = await insertMember(db, { bonus: 120 });
  const other = await insertMember(db, { bonus: 0 });
  const order = await insertShopOrder(db, memberId, { useBonus: 30, payAmount: 1070 });
  await insertShopOrder(db, other);
  await insertShopOrder(db, null);
  await db.insert(s.bonusLedger).values([
    { memberId, delta: 150, balanceAfter: 150, source: 1, reason: '開幕贈點' },
    { memberId, delta: -30, balanceAfter: 120, source: 2, reason: `訂單折抵 ${order.orderNumber}`, orderId: order.id },
  ]);
  const disk = diskUploadStorage(dataDir);
  for (const [i, name] of ['members/2026/06/return-photo-1.webp', 'admin/products/tea.webp'].entries()) {
    const bytes = Buffer.from(`RIFF${'\u0000'.repeat(4)}WEBPVP8 picture ${i}`, 'latin1');
    await disk.put(name, bytes, 'image/webp');
    await db.insert(s.uploads).values({ name, mime: 'image/webp', size: bytes.length, ownerMemberId: memberId });
  }
  // A picture kept in the database (UPLOAD_STORAGE=database) travels inside the dump.
  await databaseUploadStorage(db).put('site/favicon.png', Buffer.from('\u0089PNG picture', 'latin1'), 'image/png');
}

beforeAll(async () => {
  source = await newShop();
  const template = process.env.SHOP_TEST_PGLITE_DUMP;
  const database = await openDatabase({
    url: source.databaseUrl,
    dataDir: source.dataDir,
    // The run's migrated template (test/global-setup.ts), as createTestDatabase starts from, but on disk.
    ...(!onPostgres && template ? { fromDump: new Blob([fs.readFileSync(template)]) } : {}),
  });
  try {
    if (!onPostgres && !template) await database.migrate();
    await fillShop(database.db, source.dataDir);
  } finally {
    await database.close();
  }
  before = await contents(source);
  backupFile = path.join(folder('shop-backup-out-'), 'nightly', 'shop.tar');
});

afterAll(async () => {
  for (const database of postgresDatabases) await database.cleanup();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the shop has what the backup must carry', () => {
    expect(before.orders).toHaveLength(3);
    expect(before.members).toHaveLength(2);
    expect(before.points.map((p) => p.bonus)).toEqual([120, 0]);
    expect(before.ledger).toHaveLength(2);
    expect(before.uploads).toHaveLength(2);
    expect(Object.keys(before.files)).toHaveLength(2);
    expect(before.storedPictures).toHaveLength(1);
  });

  it('writes one archive with a manifest naming the kind and schema', async () => {
    const manifest = await createBackup(source, backupFile, now);
    expect(fs.existsSync(backupFile)).toBe(true);
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['shop.tar']);
    expect(manifest).toMatchObject({
      format: 'taiwan-shop-backup',
      kind: onPostgres ? 'postgres' : 'pglite',
      createdAt: now.toISOString(),
      schema: { applied: codeMigrations().length, last: codeMigrations().at(-1)!.tag },
      uploads: Object.keys(before.files).length,
    });
  }, 60_000);

  it('restores the same orders, members, points and pictures into a fresh shop', async () => {
    const fresh = await newShop();
    const { manifest, keptAside } = await restoreBackup(fresh, backupFile);
    expect(manifest.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(keptAside).toEqual([]);
    expect(await contents(fresh)).toEqual(before);
    expect(fs.readdirSync(fresh.dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);

    // A second restore over it is refused without --force, and leaves the shop as it was.
    await expect(restoreBackup(fresh, backupFile)).rejects.toThrow(/already holds data \(\d+ table\(s\) with rows/);
    expect(fs.readdirSync(fresh.dataDir).sort()).toEqual([...(onPostgres ? [] : ['pglite']), 'uploads']);

    // With --force it replaces the shop; what it replaced on disk is kept aside, not deleted.
    await withDb(fresh, (db) => db.delete(s.bonusLedger));
    fs.rmSync(path.join(fresh.dataDir, 'uploads', Object.keys(before.files)[0]!));
    const forced = await restoreBackup(fresh, backupFile, { force: true, now });
    expect(await contents(fresh)).toEqual(before);
    expect(forced.keptAside.map((p) => path.basename(p)).sort()).toEqual([
      ...(onPostgres ? [] : ['pglite.before-restore-20260615T040000']),
      'uploads.before-restore-20260615T040000',
    ]);
  }, 120_000);

  it('refuses a backup of the other kind of database', async () => {
    const other: ShopLocation = onPostgres
      ? { dataDir: folder('shop-backup-other-') }
      : { dataDir: folder('shop-backup-other-'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(other, backupFile)).rejects.toThrow(
      onPostgres
        ? /this backup is of PostgreSQL .* this shop uses the embedded PGlite/
        : /this backup is of the embedded PGlite .* this shop uses PostgreSQL/,
    );
  });

  it('refuses a file that is not a backup', async () => {
    const notBackup = path.join(folder('shop-backup-bad-'), 'notes.tar');
    fs.writeFileSync(notBackup, Buffer.alloc(1024));
    await expect(restoreBackup(await newShop(), notBackup)).rejects.toThrow(/not a shop backup/);
  });
});
