// Rows the back-office API tests insert for themselves (STYLE.md §7: never the demo seed).
import { eq } from 'drizzle-orm';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import {
  jobs,
  memberBonus,
  members,
  orderCancelRecords,
  orderReturnRecords,
  orders,
  packageTypes,
  productPackages,
  products,
  productSpecs,
} from '../../db/schema/index.ts';
import { NOTIFY_ORDER_JOB } from '../orders/index.ts';

let seq = 0;
const next = () => ++seq;

export async function insertMember(db: Db, values: Partial<typeof members.$inferInsert> = {}, bonus?: number) {
  const n = next();
  const [row] = await db
    .insert(members)
    .values({
      account: `09${String(10_000_000 + n).slice(-8)}`,
      passwordHash: 'x',
      name: `會員${n}`,
      cellPhone: `09${String(10_000_000 + n).slice(-8)}`,
      ...values,
    })
    .returning();
  if (bonus !== undefined) await db.insert(memberBonus).values({ memberId: row!.id, bonus });
  return row!;
}

/** A product with one spec whose stock is tracked. */
export async function insertProduct(db: Db, name: string, price: number, stock: number | null = 10) {
  const [product] = await db.insert(products).values({ name, price, onSalePrice: price }).returning();
  const [spec] = await db
    .insert(productSpecs)
    .values({ productId: product!.id, name: '標準', price, onSalePrice: price, stock })
    .returning();
  return { product: product!, spec: spec! };
}

export async function insertPackage(db: Db, name: string, price: number, stock: number | null = 5) {
  const [type] = await db
    .insert(packageTypes)
    .values({ name: `禮盒類${next()}` })
    .returning();
  const [row] = await db
    .insert(productPackages)
    .values({ name, packageTypeId: type!.id, price, onSalePrice: price, stock })
    .returning();
  return row!;
}

export type ProductFixture = Awaited<ReturnType<typeof insertProduct>>;

export function productLine(p: ProductFixture, qty: number) {
  return {
    id: p.product.id,
    name: p.product.name,
    product_specs_name: p.spec.name,
    spec_id: p.spec.id,
    on_sale_price: p.spec.onSalePrice,
    qty,
  };
}

export interface OrderFixture {
  memberId?: number | null;
  lines?: ReturnType<typeof productLine>[];
  packages?: { id: number; name: string; on_sale_price: number; qty: number }[];
  values?: Partial<typeof orders.$inferInsert>;
}

/** An order whose amounts add up: goods + shipping - bonus. */
export async function insertOrder(
  db: Db,
  { memberId = null, lines = [], packages = [], values = {} }: OrderFixture = {},
) {
  const n = next();
  const goods =
    lines.reduce((s, l) => s + l.on_sale_price * l.qty, 0) + packages.reduce((s, l) => s + l.on_sale_price * l.qty, 0);
  const shipping = values.shipping ?? 100;
  const useBonus = values.useBonus ?? 0;
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `T${String(n).padStart(8, '0')}`,
      memberId,
      memberCellphone: '0911000111',
      paymentType: PaymentMethod.Transfer,
      goodsAmount: goods,
      shipping,
      useBonus,
      payAmount: goods + shipping - useBonus,
      recvName: '王小明',
      recvCellphone: '0911000111',
      recvAddress: '台北市大安區復興南路一段390號',
      productInfo: JSON.stringify(lines),
      packageInfo: JSON.stringify(packages),
      status: OrderStatus.Processing,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertCancelRecord(
  db: Db,
  order: typeof orders.$inferSelect,
  status: number = CancelStatus.Canceling,
) {
  const [row] = await db
    .insert(orderCancelRecords)
    .values({
      orderId: order.id,
      memberId: order.memberId,
      orderNumber: order.orderNumber,
      contactPhone: order.recvCellphone,
      reason: '買錯了',
      status,
    })
    .returning();
  return row!;
}

export async function insertReturnRecord(
  db: Db,
  order: typeof orders.$inferSelect,
  status: number = ReturnStatus.Returning,
) {
  const [row] = await db
    .insert(orderReturnRecords)
    .values({
      orderId: order.id,
      memberId: order.memberId,
      orderNumber: order.orderNumber,
      contactPerson: '王小明',
      contactPhone: '0911000111',
      spec: '茶葉一包',
      reason: '包裝破損',
      pic: JSON.stringify(['returns/a.jpg']),
      status,
    })
    .returning();
  await db.update(orders).set({ isReturn: true }).where(eq(orders.id, order.id));
  return row!;
}

/** The order's row as it stands. */
export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Drops the order messages the moves queued, for a test that counts another module's jobs. */
export const dropOrderMessageJobs = (db: Db) => db.delete(jobs).where(eq(jobs.kind, NOTIFY_ORDER_JOB));
