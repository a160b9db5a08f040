// A member's orders (spec §7 Orders): the reads scoped to the member, the guest order lookup by
// mobile number, and the shopper's own steps on an unpaid order — cancel it, send the remittance notice.
import {
  BonusSource,
  cancelMode,
  isPaymentOverdue,
  ONLINE_PAYMENT_HOURS,
  canNotifyTransfer,
  msg,
  orderMsg,
  OrderStatus,
  PAGE_SIZE,
  readOrderLines,
  shopDateSpan,
  type MaskedOrderView,
  type OrderView,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import { changeBonusForOrderInTx } from './bonus-ledger.ts';
import { releaseCouponInTx } from '../coupons/index.ts';
import { getOrderSettings } from '../settings/index.ts';
import { afterSalesState, maskedOrderJson, orderJson, type AccountView } from './order-json.ts';
import * as repo from './orders.repository.ts';
import { listShopperOrderEvents, orderFlags, recordOrderMove, type OrderMover } from './order-events.ts';
import { queueRestockAlerts } from '../restock-alerts/index.ts';

export interface OrderDeps {
  now: Date;
  /** RETURN_DAYS of the configuration, used until the settings have return_days. */
  defaultReturnDays: number;
  /** Called after a commit that gave stock back (kept catalogue answers may show it). */
  onStockChanged?: () => void;
}

export interface Paging {
  page: number;
  size: number;
}

export const DEFAULT_PAGING: Paging = { page: 1, size: PAGE_SIZE.orders };

/** Orders with their after-sales records, in the order given. */
async function withRecords(db: Db, rows: repo.OrderRow[]) {
  const ids = rows.map((r) => r.id);
  const [cancels, returns] = await Promise.all([repo.findCancelRecords(db, ids), repo.findReturnRecords(db, ids)]);
  const cancelOf = new Map(cancels.map((c) => [c.orderId, c]));
  const returnOf = new Map(returns.map((r) => [r.orderId, r]));
  return rows.map((order) => ({ order, cancel: cancelOf.get(order.id) ?? null, ret: returnOf.get(order.id) ?? null }));
}

async function ownerViews(
  db: Db,
  rows: repo.OrderRow[],
  deps: OrderDeps,
  accounts: AccountView = 'masked',
): Promise<OrderView[]> {
  const [items, settings] = await Promise.all([withRecords(db, rows), getOrderSettings(db, deps.defaultReturnDays)]);
  return items.map(({ order, cancel, ret }) =>
    orderJson(order, { cancel, ret, now: deps.now, returnDays: settings.returnDays, accounts }),
  );
}

/** The member's own order, else 404 / 403 (spec §6). */
function assertOwn(order: repo.OrderRow | undefined, memberId: number): repo.OrderRow {
  if (!order) throw new NotFound(orderMsg.orderNotFound);
  if (order.memberId !== memberId) throw new Forbidden();
  return order;
}

/** GET /orders/{id}: one order of the member's own, its refund account in full (docs/decisions/048). */
export async function getOrder(db: Db, memberId: number, id: number, deps: OrderDeps): Promise<OrderView> {
  const order = assertOwn(await repo.findOrder(db, id), memberId);
  const [view] = await ownerViews(db, [order], deps, 'full');
  return view!;
}

/** GET /orders-by-members-id-and-order-number/member/{id}/number/{n}. */
export async function getOrderByNumber(db: Db, memberId: number, orderNumber: string, deps: OrderDeps) {
  const order = await repo.findOrderOfMemberByNumber(db, memberId, orderNumber);
  if (!order) throw new NotFound(orderMsg.orderNotFound);
  const [[view], timeline] = await Promise.all([
    ownerViews(db, [order], deps, 'full'),
    listShopperOrderEvents(db, order.id),
  ]);
  // The order page shows when the order reached each state (issue 15); lists do without it.
  return { ...view!, timeline };
}

/** GET /orders-by-members-id/{id}[/start/{s}/end/{e}]: newest first, a page and the full count. */
export async function listMemberOrders(
  db: Db,
  memberId: number,
  range: { start?: string; end?: string },
  paging: Paging,
  deps: OrderDeps,
): Promise<{ data: OrderView[]; total: number }> {
  const span = shopDateSpan(range.start, range.end);
  const filter: repo.OrderFilter = { memberId, createdFrom: span.start, createdBefore: span.end };
  const [rows, total] = await Promise.all([
    repo.findOrders(db, filter, paging.size, (paging.page - 1) * paging.size),
    repo.countOrders(db, filter),
  ]);
  return { data: await ownerViews(db, rows, deps), total };
}

/**
 * GET /orders-by-members-cellphone/{phone} (spec §2 order search): the orders bought with this mobile
 * number. The logged-in buyer sees their own orders in full; everybody else a masked view
 * (docs/decisions/020).
 */
export async function lookupOrdersByPhone(
  db: Db,
  phone: string,
  viewerId: number | null,
  paging: Paging,
  deps: OrderDeps,
): Promise<{ data: (OrderView | MaskedOrderView)[]; total: number }> {
  const filter: repo.OrderFilter = { memberCellphone: phone };
  const [rows, total, settings] = await Promise.all([
    repo.findOrders(db, filter, paging.size, (paging.page - 1) * paging.size),
    repo.countOrders(db, filter),
    getOrderSettings(db, deps.defaultReturnDays),
  ]);
  const items = await withRecords(db, rows);
  return {
    data: items.map(({ order, cancel, ret }) =>
      viewerId !== null && order.memberId === viewerId
        ? orderJson(order, { cancel, ret, now: deps.now, returnDays: settings.returnDays })
        : maskedOrderJson(order, cancel, ret, { now: deps.now, returnDays: settings.returnDays }),
    ),
    total,
  };
}

/** Locks the member's own order and reads its records (after-sales steps run one at a time per order). */
export async function lockOwnOrder(tx: repo.Tx, memberId: number, id: number) {
  const order = assertOwn(await repo.lockOrder(tx, id), memberId);
  const [[cancel], [ret]] = await Promise.all([repo.findCancelRecords(tx, [id]), repo.findReturnRecords(tx, [id])]);
  return { order, cancel: cancel ?? null, ret: ret ?? null, state: afterSalesState(order, cancel, ret) };
}

/**
 * PUT /orders/{id}/cancel (spec §4): an unpaid Processing order that is not shipped and has no cancel
 * record is cancelled at once; its stock, points and coupon use come back, as when the shop approves a cancel
 * request (admin-orders decideCancel). A paid one needs POST /order-cancel-records.
 */
export async function cancelUnpaidOrder(db: Db, memberId: number, id: number, deps: OrderDeps): Promise<OrderView> {
  await db.transaction(async (tx) => {
    const { order, cancel, ret, state } = await lockOwnOrder(tx, memberId, id);
    if (cancelMode(state) !== 'direct') throw new Conflict(msg.cancelNotAllowed);
    await cancelUnpaidInTx(tx, { order, cancel, ret }, { actor: 'member', id: memberId }, '', deps.now);
  });
  // Units came back: kept catalogue answers must show them, as after a cancel the shop approves.
  deps.onStockChanged?.();
  return getOrder(db, memberId, id, deps);
}

/** The unpaid order's cancel, in the caller's transaction: its event, status, stock and points. */
async function cancelUnpaidInTx(
  tx: repo.Tx,
  {
    order,
    cancel,
    ret,
  }: { order: repo.OrderRow; cancel: repo.CancelRecordRow | null; ret: repo.ReturnRecordRow | null },
  by: OrderMover,
  reason: string,
  now: Date,
) {
  await recordOrderMove(tx, {
    orderId: order.id,
    before: orderFlags(order, cancel, ret),
    event: 'cancel',
    by,
    reason,
    now,
  });
  await repo.updateOrder(tx, order.id, { status: OrderStatus.Cancel }, now);
  // Stock back from none: the 貨到通知 of its waiting members go with this commit (issue 43 item 2).
  await queueRestockAlerts(tx, await repo.putBackStock(tx, readOrderLines(order.productInfo, order.packageInfo)));
  // docs/decisions/061: a cancelled order gives its coupon use back.
  await releaseCouponInTx(tx, order.id, now);
  // An order whose member account is gone has nobody to give the points back to.
  if (order.useBonus > 0 && order.memberId !== null) {
    await changeBonusForOrderInTx(tx, {
      memberId: order.memberId,
      delta: order.useBonus,
      source: BonusSource.Exchange,
      reason: `取消訂單退還紅利 ${order.orderNumber}`,
      orderId: order.id,
    });
  }
}

/** Why the shop's job cancelled an order (its history and the shopper's timeline say so). */
export const OVERDUE_REASON = '逾期未付款，系統自動取消';

/**
 * The shop's job (issue 20 item 3, decision 045): cancels every unpaid order whose payment deadline has
 * passed, each in its own transaction that locks and checks it again (a payment that arrived meanwhile
 * wins). Answers how many it cancelled.
 */
export async function cancelOverdueOrders(db: Db, deps: OrderDeps): Promise<number> {
  // No deadline is shorter than a card order's, so older orders are the only candidates.
  const placedBefore = new Date(deps.now.getTime() - ONLINE_PAYMENT_HOURS * 3_600_000);
  let cancelled = 0;
  for (const id of await repo.findUnpaidOrderIds(db, placedBefore)) {
    const done = await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, id);
      if (!order) return false;
      const [[cancel], [ret]] = await Promise.all([repo.findCancelRecords(tx, [id]), repo.findReturnRecords(tx, [id])]);
      if (!isPaymentOverdue(afterSalesState(order, cancel, ret), deps.now)) return false;
      await cancelUnpaidInTx(
        tx,
        { order, cancel: cancel ?? null, ret: ret ?? null },
        { actor: 'system', name: 'payment-deadline' },
        OVERDUE_REASON,
        deps.now,
      );
      return true;
    });
    if (done) cancelled += 1;
  }
  if (cancelled > 0) deps.onStockChanged?.();
  return cancelled;
}

/** PUT /orders/{id}/last-number-of-transfer (spec §4, §5): once, on an unpaid bank-transfer order. */
export async function notifyTransfer(
  db: Db,
  memberId: number,
  id: number,
  digits: string,
  deps: OrderDeps,
): Promise<OrderView> {
  await db.transaction(async (tx) => {
    const { state } = await lockOwnOrder(tx, memberId, id);
    if (!canNotifyTransfer(state)) throw new Conflict(msg.transferNotAllowed);
    if (!(await repo.setTransferDigits(tx, id, digits, deps.now))) throw new Conflict(msg.transferNotAllowed);
  });
  return getOrder(db, memberId, id, deps);
}
