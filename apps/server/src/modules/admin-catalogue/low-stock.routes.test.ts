// 庫存不足 (issue 42): a spec at or below its own level, or the shop's default, counts on the
// dashboard, filters the product list, and makes one email a Taiwan day to the shop's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, productTypes, systemSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { OutgoingMail } from '../notifications/index.ts';
import { enqueueLowStockAlert, LOW_STOCK_ALERT_JOB, lowStockJobHandlers } from './low-stock.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
let t: TestApp;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const [type] = await t.db.insert(productTypes).values({ name: '茶葉', level: 1, indexId: 1 }).returning();
  typeId = type!.id;
});
afterAll(() => t?.close());

type Spec = { name: string; stock: number | null; low_stock_level?: number | string | null };

async function createProduct(name: string, specs: Spec[]) {
  const res = await t.asStaff('staff', 'POST', '/api/v1/admin/products', {
    name,
    description1: '',
    description2: '',
    pics: ['admin/2026/06/tea.webp'],
    tag_type: 0,
    status: 1,
    index_id: 1,
    product_type_ids: [typeId],
    activity_start_time: '',
    activity_end_time: '',
    internet_celebrity: false,
    specs: specs.map((s) => ({ price: 500, on_sale_price: 500, ...s })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    specs: { name: string; low_stock: boolean; low_stock_level: number | null }[];
  };
}

const lowCount = async () => (await t.asStaff('staff', 'GET', '/api/v1/admin/dashboard')).json().data.low_stock;
const lowProducts = async () =>
  ((await t.asStaff('staff', 'GET', '/api/v1/admin/products?stock=low')).json().data as { name: string }[]).map(
    (p) => p.name,
  );

async function sentMails() {
  const sent: OutgoingMail[] = [];
  const handler = lowStockJobHandlers({
    db: t.db,
    mail: { send: async (m) => (sent.push(m), { messageId: m.messageId }) },
  })[LOW_STOCK_ALERT_JOB]!;
  await handler({ day: '2026-06-01' }, {} as never);
  return sent;
}

describe('庫存不足', () => {
  it('counts specs at or below their own level or the shop’s, and lists their products', async () => {
    const tea = await createProduct('高山茶', [
      { name: '150g', stock: 5 }, // the shop's default level is 5: low
      { name: '300g', stock: 6 }, // above it
      { name: '禮盒', stock: null }, // not tracked: never low
    ]);
    expect(tea.specs.map((s) => [s.name, s.low_stock, s.low_stock_level])).toEqual([
      ['150g', true, null],
      ['300g', false, null],
      ['禮盒', false, null],
    ]);
    await createProduct('咖啡豆', [{ name: '半磅', stock: 8, low_stock_level: '10' }]); // its own level: low
    await createProduct('蜂蜜', [{ name: '罐', stock: 3, low_stock_level: 2 }]); // above its own level
    expect(await lowCount()).toBe(2);
    expect((await lowProducts()).sort()).toEqual(['咖啡豆', '高山茶']);

    // The owner raises the shop's level to 6: 300g joins; 蜂蜜 keeps its own level of 2.
    const settings = (await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json().data.shipping;
    const put = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: settings.shipping_fee,
      low_temp_shipping_fee: settings.low_temp_shipping_fee,
      free_shipping_threshold: settings.free_shipping_threshold ?? '',
      return_days: settings.return_days,
      low_stock_level: '6',
      version: settings.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.low_stock_level).toBe(6);
    expect(await lowCount()).toBe(3);

    const bad = await t.asStaff('staff', 'GET', '/api/v1/admin/products?stock=high');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a negative level with its reason', async () => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/products', {
      name: '壞資料',
      pics: ['admin/2026/06/tea.webp'],
      tag_type: 0,
      status: 1,
      index_id: 1,
      product_type_ids: [typeId],
      specs: [{ name: 'A', price: 1, on_sale_price: 1, stock: 1, low_stock_level: -1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'specs.0.low_stock_level', msg: '安全庫存不可小於 0' });
  });

  it('records one email a Taiwan day and sends the low specs to the shop’s address', async () => {
    expect(await enqueueLowStockAlert(t.db, NOW)).toBe(true);
    expect(await enqueueLowStockAlert(t.db, new Date('2026-06-01T15:59:00Z'))).toBe(false); // 23:59 the same day
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, LOW_STOCK_ALERT_JOB));
    expect(queued).toHaveLength(1);

    // No address in 商店設定: nothing to send.
    await t.db.update(systemSettings).set({ serviceEmail: '' });
    expect(await sentMails()).toEqual([]);

    await t.db.update(systemSettings).set({ serviceEmail: 'owner@example.tw' });
    const [mail] = await sentMails();
    expect(mail).toMatchObject({ to: 'owner@example.tw', messageId: '<low-stock-2026-06-01@shop>' });
    expect(mail!.subject).toBe('【庫存不足】3 個商品規格需要補貨（2026-06-01）');
    expect(mail!.text).toContain('・高山茶（150g）剩 5 件');
    expect(mail!.text).toContain('・咖啡豆（半磅）剩 8 件');
  });
});
