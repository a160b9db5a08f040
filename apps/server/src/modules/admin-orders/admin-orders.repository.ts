// SQL of back-office order handling: filtered lists, one order with its after-sales records, and
// the row locks and updates of each handling step (always inside the caller's transaction).
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  CancelStatus,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
  shopDateSpan,
  type AdminOrderFilter,
} from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { members, orderCancelRecords, orderReturnRecords, orders } from '../../db/schema/index.ts';

type Handle = Db | Tx;

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const hasOpenCancel = sql`EXISTS (SELECT 1 FROM ${orderCancelRecords} WHERE ${orderCancelRecords.orderId} = ${orders.id} AND ${orderCancelRecords.status} = ${CancelStatus.Canceling})`;
const hasOpenReturn = sql`EXISTS (SELECT 1 FROM ${orderReturnRecords} WHERE ${orderReturnRecords.orderId} = ${orders.id} AND ${orderReturnRecords.status} IN (${ReturnStatus.Returning}, ${ReturnStatus.Refunding}))`;

/** The dashboard's to-do lists, one condition each (the list filter `todo` uses the same). */
export const todoCondition = {
  /** The buyer sent the remittance notice; staff must check the bank and confirm. */
  payment: and(
    eq(orders.status, OrderStatus.Processing),
    eq(orders.isPayment, false),
    eq(orders.paymentType, PaymentMethod.Transfer),
    isNotNull(orders.lastNumberOfTransfer),
  )!,
  /** Paid (or cash on delivery), not shipped, no cancel request waiting. */
  shipping: and(
    eq(orders.status, OrderStatus.Processing),
    eq(orders.isShipping, false),
    or(eq(orders.isPayment, true), eq(orders.paymentType, PaymentMethod.CashOnDelivery)),
    sql`NOT ${hasOpenCancel}`,
  )!,
  cancel: hasOpenCancel,
  return: hasOpenReturn,
  /** Paid after it was cancelled, or paid twice: money to give back (orders.refund_due). */
  refund: isNotNull(orders.refundDue),
} as const;

function filterConditions(f: Omit<AdminOrderFilter, 'page' | 'size'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.status !== undefined) where.push(eq(orders.status, f.status));
  if (f.payment) where.push(eq(orders.isPayment, f.payment === 'paid'));
  if (f.payment_type !== undefined) where.push(eq(orders.paymentType, f.payment_type));
  if (f.shipping) where.push(eq(orders.isShipping, f.shipping === 'shipped'));
  if (f.todo) where.push(todoCondition[f.todo]);
  const span = shopDateSpan(f.from, f.to);
  if (span.start) where.push(gte(orders.createdAt, span.start));
  if (span.end) where.push(lt(orders.createdAt, span.end));
  if (f.order_number) where.push(ilike(orders.orderNumber, `%${likeEscape(f.order_number)}%`));
  if (f.phone) {
    const prefix = `${likeEscape(f.phone)}%`;
    where.push(or(sql`${orders.recvCellphone} LIKE ${prefix}`, sql`${orders.memberCellphone} LIKE ${prefix}`));
  }
  return where.length ? and(...where) : undefined;
}

const listColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  memberId: orders.memberId,
  memberCellphone: orders.memberCellphone,
  recvName: orders.recvName,
  recvCellphone: orders.recvCellphone,
  recvAddress: orders.recvAddress,
  paymentType: orders.paymentType,
  deliveryMethod: orders.deliveryMethod,
  isPayment: orders.isPayment,
  paidAt: orders.paidAt,
  isShipping: orders.isShipping,
  shipDate: orders.shipDate,
  freightCompany: orders.freightCompany,
  trackingNumber: orders.trackingNumber,
  status: orders.status,
  goodsAmount: orders.goodsAmount,
  discountAmount: orders.discountAmount,
  celebrityDiscount: orders.celebrityDiscount,
  levelDiscount: orders.levelDiscount,
  couponCode: orders.couponCode,
  couponDiscount: orders.couponDiscount,
  shipping: orders.shipping,
  useBonus: orders.useBonus,
  payAmount: orders.payAmount,
  lastNumberOfTransfer: orders.lastNumberOfTransfer,
  remark: orders.remark,
  productInfo: orders.productInfo,
  packageInfo: orders.packageInfo,
  version: orders.version,
  cancelStatus: orderCancelRecords.status,
  returnStatus: orderReturnRecords.status,
};

export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

/** Newest first; `limit` absent = every matching order (the CSV export caps it). */
export async function findOrders(db: Handle, f: Omit<AdminOrderFilter, 'page' | 'size'>, limit: number, offset = 0) {
  return db
    .select(listColumns)
    .from(orders)
    .leftJoin(orderCancelRecords, eq(orderCancelRecords.orderId, orders.id))
    .leftJoin(orderReturnRecords, eq(orderReturnRecords.orderId, orders.id))
    .where(filterConditions(f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** A member's orders, newest first (the member page of the back office). */
export async function findOrdersOfMember(db: Handle, memberId: number, limit: number) {
  return db
    .select(listColumns)
    .from(orders)
    .leftJoin(orderCancelRecords, eq(orderCancelRecords.orderId, orders.id))
    .leftJoin(orderReturnRecords, eq(orderReturnRecords.orderId, orders.id))
    .where(eq(orders.memberId, memberId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function countOrders(db: Handle, f: Omit<AdminOrderFilter, 'page' | 'size'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(filterConditions(f));
  return row?.n ?? 0;
}

export async function findOrder(db: Handle, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function findCancelRecord(db: Handle, orderId: number) {
  const [row] = await db.select().from(orderCancelRecords).where(eq(orderCancelRecords.orderId, orderId));
  return row ?? null;
}

export async function findReturnRecord(db: Handle, orderId: number) {
  const [row] = await db.select().from(orderReturnRecords).where(eq(orderReturnRecords.orderId, orderId));
  return row ?? null;
}

export type CancelRecordRow = NonNullable<Awaited<ReturnType<typeof findCancelRecord>>>;
export type ReturnRecordRow = NonNullable<Awaited<ReturnType<typeof findReturnRecord>>>;

export async function findMemberSummary(db: Handle, memberId: number) {
  const [row] = await db
    .select({ id: members.id, account: members.account, name: members.name, cellPhone: members.cellPhone })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

/**
 * Orders created in [start, end), leaving out failed, cancelled and deleted ones: how many, the
 * revenue (pay_amount of the paid ones only), and the unpaid ones apart (decision 030).
 */
export async function orderTotals(db: Handle, start: Date, end: Date) {
  const unpaid = sql`NOT ${orders.isPayment}`;
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.payAmount}) FILTER (WHERE ${orders.isPayment}), 0)::int`,
      unpaidOrders: sql<number>`count(*) FILTER (WHERE ${unpaid})::int`,
      unpaidAmount: sql<number>`coalesce(sum(${orders.payAmount}) FILTER (WHERE ${unpaid}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        inArray(orders.status, [OrderStatus.Processing, OrderStatus.Complete]),
      ),
    );
  return {
    orders: row?.orders ?? 0,
    revenue: row?.revenue ?? 0,
    unpaid: { orders: row?.unpaidOrders ?? 0, amount: row?.unpaidAmount ?? 0 },
  };
}

/** How many orders wait in each to-do list. Counted from the small side of each list (open orders, open records). */
export async function todoCounts(db: Handle) {
  const count = (condition: SQL) => sql<number>`count(*) FILTER (WHERE ${condition})::int`;
  const [open] = await db
    .select({ payment: count(todoCondition.payment), shipping: count(todoCondition.shipping) })
    .from(orders)
    .where(eq(orders.status, OrderStatus.Processing));
  const [cancel] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderCancelRecords)
    .where(eq(orderCancelRecords.status, CancelStatus.Canceling));
  const [ret] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderReturnRecords)
    .where(inArray(orderReturnRecords.status, [ReturnStatus.Returning, ReturnStatus.Refunding]));
  const [refund] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(todoCondition.refund);
  return {
    payment: open?.payment ?? 0,
    shipping: open?.shipping ?? 0,
    cancel: cancel?.n ?? 0,
    return: ret?.n ?? 0,
    refund: refund?.n ?? 0,
  };
}

/**
 * Line snapshots of the orders whose goods may still move: Processing (not yet shipped or cancelled),
 * or with a return being handled (its units come back to stock).
 */
export async function findOpenOrderSnapshots(db: Handle) {
  return db
    .select({ orderNumber: orders.orderNumber, productInfo: orders.productInfo, packageInfo: orders.packageInfo })
    .from(orders)
    .where(or(eq(orders.status, OrderStatus.Processing), hasOpenReturn))
    .orderBy(desc(orders.createdAt));
}
