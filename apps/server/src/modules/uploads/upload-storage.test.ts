import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import {
  copyDiskUploads,
  databaseUploadStorage,
  diskUploadStorage,
  isUploadName,
  type UploadStorage,
} from './upload-storage.ts';

describe('isUploadName', () => {
  it.each([
    ['members/2026/06/Ab3_x-Yz0123456789abcd.webp', true],
    ['admin/2026/11/q1w2e3r4t5y6u7i8o9p0aa.png', true],
    ['demo/site/favicon.png', true],
    ['demo/products/p01.webp', true],
    ['favicon.png', true],
    ['../secret.txt', false],
    ['members/../../etc/passwd', false],
    ['members/./x.webp', false],
    ['/etc/passwd.png', false],
    ['members//x.webp', false],
    ['members/.hidden.webp', false],
    ['members/x', false],
    ['members/x.WEBP', false],
    ['members/x.webp.exe', false],
    ['members\\x.webp', false],
    ['members/x.webp\0.png', false],
    ['members/%2e%2e/x.webp', false],
    ['', false],
    [`${'a/'.repeat(7)}x.webp`, false],
  ])('%j → %s', (name, valid) => {
    expect(isUploadName(name)).toBe(valid);
  });
});

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-storage-'));
});
afterAll(async () => {
  await database?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each([
  ['disk', () => diskUploadStorage(dataDir)],
  ['database', () => databaseUploadStorage(database.db)],
] as const)('the %s store', (kind, open) => {
  let storage: UploadStorage;
  beforeAll(() => {
    storage = open();
  });
  const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 0xff]);

  it('keeps the bytes under their name and gives them back with their type', async () => {
    const name = `members/2026/06/${kind}-kept.webp`;
    expect(await storage.get(name)).toBeNull();
    expect(await storage.has(name)).toBe(false);
    await storage.put(name, bytes, 'image/webp');
    const file = await storage.get(name);
    expect(file?.bytes.equals(bytes)).toBe(true);
    expect(file?.mime).toBe('image/webp');
    expect(await storage.has(name)).toBe(true);
    if (kind === 'database') expect(file?.etag).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it('refuses a name already taken and keeps the first bytes', async () => {
    const name = `admin/2026/06/${kind}-taken.png`;
    await storage.put(name, bytes, 'image/png');
    await expect(storage.put(name, Buffer.from('other'), 'image/png')).rejects.toThrow();
    expect((await storage.get(name))?.bytes.equals(bytes)).toBe(true);
  });

  it('deletes, and deleting what is gone is fine', async () => {
    const name = `members/2026/06/${kind}-gone.webp`;
    await storage.put(name, bytes, 'image/webp');
    await storage.delete(name);
    expect(await storage.get(name)).toBeNull();
    await expect(storage.delete(name)).resolves.toBeUndefined();
  });

  it('refuses to store under a name outside the pattern, and finds nothing under one', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.png'), 'the shop secret');
    await expect(storage.put('../escaped.png', bytes, 'image/png')).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, 'escaped.png'))).toBe(false);
    expect(await storage.get('../secret.png')).toBeNull();
    expect(await storage.has('../secret.png')).toBe(false);
    await storage.delete('../secret.png');
    expect(fs.existsSync(path.join(dataDir, 'secret.png'))).toBe(true);
  });
});

describe("the database store's ETag", () => {
  it('is the same one the file is served with, read without the bytes; none for a name never stored', async () => {
    const storage = databaseUploadStorage(database.db);
    const name = 'members/2026/06/etag-only.webp';
    await storage.put(name, Buffer.from([0x52, 0x49, 0x46, 0x46, 9, 9]), 'image/webp');
    expect(await storage.etag(name)).toBe((await storage.get(name))?.etag);
    expect(await storage.etag('members/2026/06/never-stored.webp')).toBeNull();
    expect(await storage.etag('../escaped.webp')).toBeNull();
  });
});

describe('copyDiskUploads', () => {
  it('copies what the database lacks, once, and names what it cannot take', async () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-copy-'));
    try {
      const disk = diskUploadStorage(source);
      const target = databaseUploadStorage(database.db);
      await disk.put('admin/2026/05/copied-banner.webp', Buffer.from('banner'), 'image/webp');
      await disk.put('demo/site/copied-favicon.png', Buffer.from('favicon'), 'image/png');
      fs.writeFileSync(path.join(source, 'uploads', '.DS_Store'), 'finder');

      expect(await copyDiskUploads(source, target)).toEqual({ copied: 2, present: 0, refused: ['.DS_Store'] });
      const favicon = await target.get('demo/site/copied-favicon.png');
      expect(favicon?.mime).toBe('image/png');
      expect(favicon?.bytes.toString()).toBe('favicon');
      expect(await copyDiskUploads(source, target)).toEqual({ copied: 0, present: 2, refused: ['.DS_Store'] });
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
    }
  });
});
