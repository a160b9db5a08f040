// The demo seed delivers what issue 3 asks for, on PGlite or the PostgreSQL in DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CancelStatus,
  IndexAreaId,
  OrderStatus,
  orderStateOf,
  PaymentMethod,
  PromotionType,
  ReturnStatus,
} from '@shop/domain';
import { diskUploadStorage, isUploadName } from '../../modules/uploads/upload-storage.ts';
import * as s from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../test-database.ts';
import { DEMO_MEMBER_PASSWORD, demoImageJobs, isDatabaseEmpty, seedCatalogueLoad, seedDemo } from './index.ts';

const now = new Date('2025-06-15T04:00:00Z');
const DAY = 86_400_000;
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-'));
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  await seedDemo(database.db, { uploads: diskUploadStorage(dataDir), now });
});

afterAll(async () => {
  await database?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function productsWithoutSpecs(): Promise<number> {
  const rows = await database.db
    .select({ n: count() })
    .from(s.products)
    .leftJoin(s.productSpecs, eq(s.productSpecs.productId, s.products.id))
    .where(isNull(s.productSpecs.id));
  return rows[0]!.n;
}

const total = async (table: Parameters<ReturnType<TestDatabase['db']['select']>['from']>[0]) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

describe('seedDemo', () => {
  it('marks the database as no longer empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('loads the catalogue the issue lists', async () => {
    const { db } = database;
    expect(await total(s.products)).toBeGreaterThanOrEqual(40);
    const types = await db.select().from(s.productTypes);
    expect(types.some((t) => t.level === 2)).toBe(true);
    expect(
      types.filter((t) => t.level === 2).every((t) => types.some((p) => p.id === t.parentId && p.level === 1)),
    ).toBe(true);

    const products = await db.select().from(s.products);
    const at = now.getTime();
    expect(products.some((p) => p.activityEndTime && p.activityEndTime.getTime() < at)).toBe(true); // expired
    expect(products.some((p) => p.activityStartTime && p.activityStartTime.getTime() > at)).toBe(true); // future
    expect(products.some((p) => p.price !== p.onSalePrice)).toBe(true);
    expect(products.filter((p) => p.internetCelebrity).length).toBeGreaterThanOrEqual(2);

    const [giftBox] = await db.select().from(s.products).where(eq(s.products.name, '限量禮盒'));
    const giftSpecs = await db.select().from(s.productSpecs).where(eq(s.productSpecs.productId, giftBox!.id));
    expect(giftSpecs.map((x) => x.stock)).toEqual([3]);

    expect(await productsWithoutSpecs()).toBe(0);
    expect(await total(s.productSpecs)).toBeGreaterThanOrEqual(products.length);
  });

  it('loads 6 packages in 3 types and 3 bundles, one per promotion type', async () => {
    const { db } = database;
    expect(await total(s.productPackages)).toBe(6);
    expect(await total(s.packageTypes)).toBe(3);
    const bundles = await db.select().from(s.productBundles);
    expect(bundles.map((b) => b.discountType).sort()).toEqual([
      PromotionType.PercentDiscount,
      PromotionType.AmountDiscount,
      PromotionType.CombinedPrice,
    ]);
    for (const b of bundles) {
      const rule = JSON.parse(b.discountRule) as { amount: number; value: number }[];
      expect(rule[0]!.amount).toBeGreaterThan(0);
      const members = await db.select({ n: count() }).from(s.bundleProducts).where(eq(s.bundleProducts.bundleId, b.id));
      expect(members[0]!.n).toBeGreaterThan(1);
    }
  });

  it('loads news, articles, home areas and settings', async () => {
    const { db } = database;
    expect(await total(s.news)).toBe(8);
    expect(await total(s.articles)).toBe(10);
    expect(await total(s.articleCategories)).toBe(3);
    expect(await total(s.tags)).toBeGreaterThan(0);
    expect(await total(s.termsTexts)).toBe(4);
    const areas = await db.select().from(s.indexAreas);
    const hot = areas.find((a) => a.id === IndexAreaId.HotProducts)!;
    expect((JSON.parse(hot.ids) as { id: number }[]).length).toBeLessThanOrEqual(20);
    expect(areas.find((a) => a.id === IndexAreaId.ReviewArticles)!.types).toBe('Banner');
    expect(areas.map((a) => a.types).sort()).toEqual(['Article', 'Banner', 'Banner', 'Carousel']);
    const carousels = await db.select().from(s.carousels).where(eq(s.carousels.position, 1));
    expect(carousels.length).toBeGreaterThan(0);
    const [settings] = await db.select().from(s.systemSettings);
    expect(settings!.websiteTitle).toBe('好日子選物');
    expect(settings!.serviceGmap).toContain('https://www.google.com/maps/embed?pb=');
    expect(settings!.gTag).toBe('');
    const [payment] = await db.select().from(s.paymentSettings);
    expect(payment!.bankCode).toBe('808');
  });

  it('creates the three demo members with working passwords and the downline', async () => {
    const { db } = database;
    const members = await db.select().from(s.members);
    const byAccount = new Map(members.map((m) => [m.account, m]));
    const ming = byAccount.get('0911111111')!;
    const mei = byAccount.get('0922222222')!;
    const da = byAccount.get('0933333333')!;
    expect([ming.name, mei.name, da.name]).toEqual(['王小明', '林美玲', '陳大文']);
    expect(ming.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(ming.passwordHash, DEMO_MEMBER_PASSWORD)).toBe(true);
    expect(await verify(da.passwordHash, 'wrong-password')).toBe(false);
    expect(mei.isInternetCelebrity).toBe(true);
    expect(mei.internetCelebrityCode).toBe('DEMOKOL');
    expect(ming.referrerId).toBe(mei.id);
    expect(da.referrerId).toBe(ming.id);
    const [bonus] = await db.select().from(s.memberBonus).where(eq(s.memberBonus.memberId, ming.id));
    expect(bonus!.bonus).toBe(500);
    expect(ming.memberLevelId).not.toBeNull();
    const relations = await db
      .select({ n: count() })
      .from(s.memberProductRelations)
      .where(eq(s.memberProductRelations.memberId, mei.id));
    expect(relations[0]!.n).toBe(6);
    const [staff] = await db.select().from(s.staff).where(eq(s.staff.account, 'admin'));
    expect(staff!.role).toBe('owner');
  });

  it('gives 0911111111 one order per after-sales state', async () => {
    const { db } = database;
    const [ming] = await db.select().from(s.members).where(eq(s.members.account, '0911111111'));
    const orders = await db.select().from(s.orders).where(eq(s.orders.memberId, ming!.id));
    expect(orders).toHaveLength(5);
    const unpaid = orders.filter(
      (o) => o.paymentType === PaymentMethod.Transfer && !o.isPayment && o.status === OrderStatus.Processing,
    );
    expect(unpaid).toHaveLength(1);
    expect(unpaid[0]!.lastNumberOfTransfer).toBeNull();
    expect(orders.filter((o) => o.isPayment && !o.isShipping && o.status === OrderStatus.Processing)).toHaveLength(1);
    const shipDays = orders
      .filter((o) => o.shipDate)
      .map((o) => Math.round((now.getTime() - o.shipDate!.getTime()) / DAY));
    expect(shipDays.sort((a, b) => a - b)).toEqual([2, 30]);
    const cancelled = orders.find((o) => o.status === OrderStatus.Cancel)!;
    const [record] = await db.select().from(s.orderCancelRecords).where(eq(s.orderCancelRecords.orderId, cancelled.id));
    expect(record!.status).toBe(CancelStatus.Approve);
    for (const o of orders) {
      const lines = JSON.parse(o.productInfo) as {
        id: number;
        name: string;
        product_specs_name: string;
        spec_id: number;
        on_sale_price: number;
        qty: number;
      }[];
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + l.on_sale_price * l.qty, 0)).toBe(o.goodsAmount);
      expect(o.payAmount).toBe(o.goodsAmount - o.discountAmount - o.celebrityDiscount + o.shipping - o.useBonus);
    }
  });

  it('leaves the back office work to do: a remittance notice and a return request of 0933333333', async () => {
    const { db } = database;
    const [da] = await db.select().from(s.members).where(eq(s.members.account, '0933333333'));
    const orders = await db.select().from(s.orders).where(eq(s.orders.memberId, da!.id));
    const notified = orders.find((o) => o.lastNumberOfTransfer !== null);
    expect(notified).toMatchObject({
      paymentType: PaymentMethod.Transfer,
      isPayment: false,
      status: OrderStatus.Processing,
    });
    const [ret] = await db.select().from(s.orderReturnRecords).where(eq(s.orderReturnRecords.memberId, da!.id));
    expect(ret).toMatchObject({ status: ReturnStatus.Returning });
    expect(orders.find((o) => o.id === ret!.orderId)?.isShipping).toBe(true);
  });

  it('gives every order the history that leads to the state it is in', async () => {
    const { db } = database;
    const [orders, cancels, returns, events] = await Promise.all([
      db.select().from(s.orders),
      db.select().from(s.orderCancelRecords),
      db.select().from(s.orderReturnRecords),
      db.select().from(s.orderEvents).orderBy(s.orderEvents.id),
    ]);
    for (const order of orders) {
      const history = events.filter((e) => e.orderId === order.id);
      expect(history[0], order.orderNumber).toMatchObject({ event: 'place', fromState: null, toState: 'placed' });
      const flags = {
        status: order.status,
        is_payment: order.isPayment,
        is_shipping: order.isShipping,
        cancel_status: cancels.find((c) => c.orderId === order.id)?.status ?? null,
        return_status: returns.find((r) => r.orderId === order.id)?.status ?? null,
      };
      expect(history.at(-1)!.toState, order.orderNumber).toBe(orderStateOf(flags));
      // Each move starts where the one before ended.
      history.slice(1).forEach((e, i) => expect(e.fromState).toBe(history[i]!.toState));
    }
  });

  it('writes every picture the rows refer to', async () => {
    for (const job of demoImageJobs()) {
      expect(fs.existsSync(path.join(dataDir, 'uploads', job.key)), job.key).toBe(true);
      // The database store and its route take only names of the strict pattern.
      expect(isUploadName(job.key), job.key).toBe(true);
    }
    const products = await database.db.select({ banner: s.products.banner }).from(s.products);
    for (const p of products) expect(fs.existsSync(path.join(dataDir, 'uploads', p.banner)), p.banner).toBe(true);
  });
});

describe('seedCatalogueLoad', () => {
  it('adds products with specs and type links', async () => {
    const before = await total(s.products);
    await seedCatalogueLoad(database.db, { products: 1200 });
    expect(await total(s.products)).toBe(before + 1200);
    expect(await productsWithoutSpecs()).toBe(0);
    const unlinked = await database.db
      .select({ n: count() })
      .from(s.products)
      .leftJoin(s.productTypeLinks, eq(s.productTypeLinks.productId, s.products.id))
      .where(isNull(s.productTypeLinks.productId));
    expect(unlinked[0]!.n).toBe(0);
  });
});

describe('seedDemo for production', () => {
  it('leaves out the demo owner, whose password is public', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo(other.db, { uploads: diskUploadStorage(dataDir), now, withDemoStaff: false });
      expect((await other.db.select({ n: count() }).from(s.staff))[0]!.n).toBe(0);
      expect((await other.db.select({ n: count() }).from(s.products))[0]!.n).toBeGreaterThan(0);
    } finally {
      await other.cleanup();
    }
  });
});
