// Rows the cart, order and upload API tests insert (each test file builds its own data, STYLE.md §7).
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { InvoiceType, OrderStatus, PaymentMethod } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import {
  bundleProducts,
  memberBonus,
  memberProductRelations,
  members,
  orders,
  packageShoppingCarts,
  packageTypes,
  paymentSettings,
  productBundles,
  productPackages,
  productSpecs,
  products,
  shoppingCarts,
  systemSettings,
} from '../../db/schema/index.ts';
import { type TestApp, type TestAppOptions, useTestApp } from '../../test/test-app.ts';

let seq = 0;
const next = () => ++seq;

export async function insertMember(
  db: Db,
  values: Partial<typeof members.$inferInsert> & { bonus?: number } = {},
): Promise<number> {
  const n = next();
  const { bonus, ...rest } = values;
  const [row] = await db
    .insert(members)
    .values({
      account: `09${String(10_000_000 + n * 7919).slice(-8)}`,
      passwordHash: 'not-a-hash',
      name: '王小明',
      cellPhone: '0912345678',
      ...rest,
    })
    .returning({ id: members.id });
  await db.insert(memberBonus).values({ memberId: row!.id, bonus: bonus ?? 0 });
  return row!.id;
}

export async function insertProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> = {},
  specs: Array<Partial<typeof productSpecs.$inferInsert>> = [{}],
): Promise<{ id: number; specIds: number[] }> {
  const [row] = await db
    .insert(products)
    .values({ name: `商品${next()}`, price: 600, onSalePrice: 500, ...values })
    .returning({ id: products.id });
  const specIds: number[] = [];
  for (const [i, spec] of specs.entries()) {
    const [s] = await db
      .insert(productSpecs)
      .values({ productId: row!.id, name: `規格${i + 1}`, price: 600, onSalePrice: 500, indexId: i, ...spec })
      .returning({ id: productSpecs.id });
    specIds.push(s!.id);
  }
  return { id: row!.id, specIds };
}

let packageTypeId: number | undefined;
export async function insertPackage(
  db: Db,
  values: Partial<typeof productPackages.$inferInsert> = {},
): Promise<number> {
  if (packageTypeId === undefined) {
    const [t] = await db
      .insert(packageTypes)
      .values({ name: `禮盒類${next()}` })
      .returning({ id: packageTypes.id });
    packageTypeId = t!.id;
  }
  const [row] = await db
    .insert(productPackages)
    .values({ packageTypeId, name: `禮盒${next()}`, price: 1200, onSalePrice: 1000, ...values })
    .returning({ id: productPackages.id });
  return row!.id;
}

/** Forget the cached package type (a new database per file). */
export function resetFixtures() {
  packageTypeId = undefined;
}

export async function insertBundle(
  db: Db,
  values: Partial<typeof productBundles.$inferInsert> & { discountType: number },
  productIds: number[],
): Promise<number> {
  const [row] = await db
    .insert(productBundles)
    .values({ title: `活動${next()}`, ...values })
    .returning({ id: productBundles.id });
  if (productIds.length) {
    await db.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId: row!.id, productId })));
  }
  return row!.id;
}

export async function insertSettings(db: Db, values: Partial<typeof systemSettings.$inferInsert> = {}) {
  const insert = db.insert(systemSettings).values({
    id: 1,
    websiteTitle: '好物小舖',
    shippingFee: 100,
    lowTempShippingFee: 160,
    freeShippingThreshold: 1500,
    ...values,
  });
  await (Object.keys(values).length
    ? insert.onConflictDoUpdate({ target: systemSettings.id, set: { ...values } })
    : insert.onConflictDoNothing());
  await db
    .insert(paymentSettings)
    .values({
      id: 1,
      bankAccountName: '好物小舖有限公司',
      bankCode: '808',
      bankName: '玉山銀行',
      bankAccount: '0123456789012',
    })
    .onConflictDoNothing();
}

export interface OrderTestAppOptions extends TestAppOptions {
  /** The shop's settings over insertSettings' own. */
  settings?: Partial<typeof systemSettings.$inferInsert>;
}

/**
 * The test app of a file whose tests place orders (useTestApp): the fixtures reset and the shop's
 * settings in before its tests. `options` may be a function, read when the app is built.
 */
export function useOrderTestApp(options: OrderTestAppOptions | (() => OrderTestAppOptions) = {}): TestApp {
  let settings: OrderTestAppOptions['settings'];
  const t = useTestApp(() => {
    resetFixtures();
    const { settings: given, ...appOptions } = typeof options === 'function' ? options() : options;
    settings = given;
    return appOptions;
  });
  beforeAll(() => insertSettings(t.db, settings));
  return t;
}

/** The shop's settings changed as the owner could (the row insertSettings made). */
export const updateSettings = (db: Db, values: Partial<typeof systemSettings.$inferInsert>) =>
  db.update(systemSettings).set(values).where(eq(systemSettings.id, 1));

export async function insertInfluencer(
  db: Db,
  code: string,
  discount: { type: number; value: number },
  productIds: number[],
): Promise<number> {
  const id = await insertMember(db, {
    isInternetCelebrity: true,
    internetCelebrityCode: code,
    celebrityDiscountType: discount.type,
    celebrityDiscountValue: discount.value,
  });
  for (const productId of productIds) await db.insert(memberProductRelations).values({ memberId: id, productId });
  return id;
}

/** A product line straight into the member's server cart. */
export async function insertCartLine(db: Db, memberId: number, productId: number, specId: number | null, qty: number) {
  const [row] = await db.insert(shoppingCarts).values({ memberId, productId, specId, qty }).returning();
  return row!;
}

export async function insertPackageCartLine(db: Db, memberId: number, productPackageId: number, qty: number) {
  const [row] = await db.insert(packageShoppingCarts).values({ memberId, productPackageId, qty }).returning();
  return row!;
}

/** A valid POST /orders body: bank transfer, home delivery, 二聯 invoice without carrier. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    payment_type: PaymentMethod.Transfer,
    delivery_method: 1,
    recv_name: '王小明',
    recv_cellphone: '0912345678',
    recv_address: '106台北市大安區忠孝東路四段100號5樓',
    receipt: { type: InvoiceType.Duplicate, carrier_type: 'none' },
    use_bonus: 0,
    remark: '',
    ...overrides,
  };
}

/** POST /orders as the member with `payload` as it is (not always a valid form) and more `headers`; the answer. */
export async function postOrder(
  t: Pick<TestApp, 'app' | 'memberAuthorization'>,
  memberId: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { authorization: await t.memberAuthorization(memberId), ...headers },
    payload: payload as object,
  });
}

/** The member's cart sent to checkout with `body` over the usual order form; the answer. */
export const checkoutCart = (
  t: TestApp,
  memberId: number,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => postOrder(t, memberId, orderBody(body), headers);

/**
 * A new member's order through POST /orders: `qty` (1 unless told) units of a new product of one spec
 * (insertProduct's unless `spec` says), the order form `body` over orderBody's, an Idempotency-Key of
 * the member's when `idempotent`; the member (insertMember's `member` values), the spec and the answer.
 */
export async function placeNewMemberOrder(
  t: TestApp,
  options: {
    qty?: number;
    spec?: Partial<typeof productSpecs.$inferInsert>;
    body?: Record<string, unknown>;
    member?: Parameters<typeof insertMember>[1];
    idempotent?: boolean;
  } = {},
) {
  const member = await insertMember(t.db, options.member);
  const product = await insertProduct(t.db, {}, [options.spec ?? {}]);
  const specId = product.specIds[0]!;
  await insertCartLine(t.db, member, product.id, specId, options.qty ?? 1);
  const headers: Record<string, string> = options.idempotent ? { 'idempotency-key': `k-${member}` } : {};
  return { member, specId, res: await checkoutCart(t, member, options.body, headers) };
}

/** An order row as if placed earlier (for reads and after-sales steps); amounts add up. */
export async function insertShopOrder(
  db: Db,
  memberId: number | null,
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect> {
  const n = next();
  const lines = [
    { id: 1, spec_id: null, name: '阿里山高山烏龍茶', product_specs_name: '150g', on_sale_price: 500, qty: 2 },
  ];
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `T${String(n).padStart(10, '0')}`,
      memberId,
      memberCellphone: '0912345678',
      paymentType: PaymentMethod.Transfer,
      status: OrderStatus.Processing,
      goodsAmount: 1000,
      shipping: 100,
      payAmount: 1100,
      recvName: '王小明',
      recvCellphone: '0912345678',
      recvAddress: '106台北市大安區忠孝東路四段100號5樓',
      receipt: JSON.stringify({ type: InvoiceType.Triplicate, tax_id: '53212539', title: '小明設計工作室' }),
      remark: '請放管理室',
      productInfo: JSON.stringify(lines),
      ...values,
    })
    .returning();
  return row!;
}
