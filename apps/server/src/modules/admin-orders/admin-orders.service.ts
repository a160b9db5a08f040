// Back-office order handling (issue 7 item 5): list, detail, CSV export, and the handling steps —
// confirm payment, ship, decide cancel requests, settle returns. Each step locks the order, checks the
// version the staff member saw (409 otherwise), applies the rule from @shop/domain, and writes the
// change, stock, bonus points and the audit row in one transaction.
import {
  BonusSource,
  CancelStatus,
  handlingMsg,
  labelOf,
  msg,
  OrderStatus,
  parseJsonSafe,
  parseTextList,
  planReturn,
  readOrderLines,
  refundedStatus,
  refuseCancelDecision,
  refusePaymentConfirmation,
  refuseReturnStep,
  refuseShipping,
  ReturnStatus,
  startOfShopDate,
  taipeiDate,
  taipeiDateTime,
  type AdminOrderFilter,
  type ApproveReturnInput,
  type HandledOrder,
  type ShipOrderInput,
  type TimeRange,
  type OrderEvent,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/audit.ts';
import type { Tx } from '../admin/db-types.ts';
import { assertVersion } from '../admin/versioned-row.ts';
import { adjustBonusInTx } from '../admin-members/member-bonus.ts';
import * as repo from './admin-orders.repository.ts';
import { listOrderEvents, orderFlags, recordOrderMove } from '../orders/order-events.ts';
import { toCsv, type CsvColumn } from './order-csv.ts';

/** The staff member acting (from the back-office token). */
export interface Actor {
  id: number;
}

/** The CSV export stops here; a larger shop narrows the dates. */
export const CSV_MAX_ROWS = 20_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function listJson(row: repo.OrderListRow) {
  return {
    id: row.id,
    order_number: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    member_id: row.memberId,
    member_cellphone: row.memberCellphone,
    recv_name: row.recvName,
    recv_cellphone: row.recvCellphone,
    payment_type: row.paymentType,
    delivery_method: row.deliveryMethod,
    is_payment: row.isPayment,
    is_shipping: row.isShipping,
    ship_date: iso(row.shipDate),
    freight_company: row.freightCompany,
    tracking_number: row.trackingNumber,
    status: row.status,
    pay_amount: row.payAmount,
    last_number_of_transfer: row.lastNumberOfTransfer,
    cancel_status: row.cancelStatus,
    return_status: row.returnStatus,
    version: row.version,
  };
}

export type AdminOrderListItem = ReturnType<typeof listJson>;

export async function listOrders(db: Db, filter: AdminOrderFilter) {
  const [rows, total] = await Promise.all([
    repo.findOrders(db, filter, filter.size, (filter.page - 1) * filter.size),
    repo.countOrders(db, filter),
  ]);
  return { data: rows.map(listJson), total };
}

/** A member's orders for the member page (newest first). */
export async function ordersOfMember(db: Db, memberId: number, limit = 100) {
  const rows = await repo.findOrdersOfMember(db, memberId, limit);
  return rows.map(listJson);
}

// ---- CSV ---------------------------------------------------------------------------------------

function linesText(row: repo.OrderListRow): string {
  return readOrderLines(row.productInfo, row.packageInfo)
    .map((l) => `${l.name}${l.spec_name ? `（${l.spec_name}）` : ''} x${l.qty}`)
    .join('；');
}

const csvColumns: CsvColumn<repo.OrderListRow>[] = [
  { header: '訂單編號', value: (r) => r.orderNumber },
  { header: '訂購時間', value: (r) => taipeiDateTime(r.createdAt) },
  { header: '訂單狀態', value: (r) => labelOf(msg.orderStatusLabel, r.status) },
  { header: '付款方式', value: (r) => labelOf(msg.paymentMethodLabel, r.paymentType) },
  { header: '付款狀態', value: (r) => (r.isPayment ? '已付款' : '未付款') },
  { header: '匯款帳號末五碼', value: (r) => r.lastNumberOfTransfer ?? '', keepDigits: true },
  { header: '配送方式', value: (r) => labelOf(msg.deliveryMethodLabel, r.deliveryMethod) },
  { header: '出貨狀態', value: (r) => (r.isShipping ? '已出貨' : '未出貨') },
  { header: '出貨日期', value: (r) => (r.shipDate ? taipeiDate(r.shipDate) : '') },
  { header: '物流公司', value: (r) => r.freightCompany },
  { header: '物流單號', value: (r) => r.trackingNumber, keepDigits: true },
  { header: '訂購人手機', value: (r) => r.memberCellphone, keepDigits: true },
  { header: '收件人', value: (r) => r.recvName },
  { header: '收件人手機', value: (r) => r.recvCellphone, keepDigits: true },
  { header: '收件地址', value: (r) => r.recvAddress },
  { header: '商品明細', value: linesText },
  { header: '商品金額', value: (r) => r.goodsAmount },
  { header: '組合優惠', value: (r) => r.discountAmount },
  { header: '網紅折扣', value: (r) => r.celebrityDiscount },
  { header: '運費', value: (r) => r.shipping },
  { header: '紅利折抵', value: (r) => r.useBonus },
  { header: '應付金額', value: (r) => r.payAmount },
  { header: '取消申請', value: (r) => labelOf(msg.cancelStatusLabel, r.cancelStatus) },
  { header: '退貨申請', value: (r) => labelOf(msg.returnStatusLabel, r.returnStatus) },
  { header: '備註', value: (r) => r.remark },
];

/** The filtered list (every page) as an Excel-ready CSV, with its file name. */
/**
 * The CSV holds buyers' names, phones and addresses: who took which export, and when, goes to the
 * audit log with the file (issue 19), so a leak can be traced to an account.
 */
export async function exportOrdersCsv(db: Db, staffId: number, filter: AdminOrderFilter, now: Date) {
  const rows = await repo.findOrders(db, filter, CSV_MAX_ROWS);
  const filename = `orders-${taipeiDate(now).replaceAll('-', '')}.csv`;
  await db.transaction((tx) =>
    recordAudit(tx, {
      staffId,
      action: 'export',
      entity: 'orders',
      entityId: filename,
      after: { filter, rows: rows.length, order_numbers: rows.map((r) => r.orderNumber) },
    }),
  );
  return { filename, body: toCsv(csvColumns, rows) };
}

// ---- detail ------------------------------------------------------------------------------------

function cancelJson(r: repo.CancelRecordRow | null) {
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    contact_phone: r.contactPhone,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

function returnJson(r: repo.ReturnRecordRow | null) {
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    contact_person: r.contactPerson,
    contact_phone: r.contactPhone,
    spec: r.spec,
    reason: r.reason,
    pic: parseTextList(r.pic),
    refund_amount: r.refundAmount,
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

export async function getOrder(db: Db, id: number) {
  const order = await repo.findOrder(db, id);
  if (!order) throw new NotFound('找不到此訂單');
  const [cancel, ret, member, events] = await Promise.all([
    repo.findCancelRecord(db, id),
    repo.findReturnRecord(db, id),
    order.memberId ? repo.findMemberSummary(db, order.memberId) : null,
    listOrderEvents(db, id),
  ]);
  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    member: member ? { id: member.id, account: member.account, name: member.name, cell_phone: member.cellPhone } : null,
    member_cellphone: order.memberCellphone,
    payment_type: order.paymentType,
    delivery_method: order.deliveryMethod,
    is_payment: order.isPayment,
    paid_at: iso(order.paidAt),
    is_shipping: order.isShipping,
    ship_date: iso(order.shipDate),
    freight_company: order.freightCompany,
    tracking_number: order.trackingNumber,
    status: order.status,
    goods_amount: order.goodsAmount,
    discount_amount: order.discountAmount,
    celebrity_discount: order.celebrityDiscount,
    celebrity_code: order.celebrityCode,
    shipping: order.shipping,
    use_bonus: order.useBonus,
    pay_amount: order.payAmount,
    recv_name: order.recvName,
    recv_cellphone: order.recvCellphone,
    recv_address: order.recvAddress,
    store_info: parseJsonSafe(order.storeInfo, null),
    remark: order.remark,
    receipt: parseJsonSafe(order.receipt, {}),
    lines: readOrderLines(order.productInfo, order.packageInfo),
    bundle_info: parseJsonSafe(order.bundleInfo, []),
    virtual_account: order.virtualAccount,
    virtual_account_bank_code: order.virtualAccountBankCode,
    virtual_account_expire_date: iso(order.virtualAccountExpireDate),
    last_number_of_transfer: order.lastNumberOfTransfer,
    trade_no: order.tradeNo,
    refund_due: order.refundDue as 'paid_after_cancel' | 'paid_twice' | null,
    is_return: order.isReturn,
    cancel_record: cancelJson(cancel),
    return_record: returnJson(ret),
    version: order.version,
    /** The order's lifecycle moves, oldest first (order_events). */
    events,
  };
}

export type AdminOrderDetail = Awaited<ReturnType<typeof getOrder>>;

// ---- handling steps ------------------------------------------------------------------------------

interface Locked {
  order: repo.OrderRow;
  cancel: repo.CancelRecordRow | null;
  ret: repo.ReturnRecordRow | null;
  state: HandledOrder;
}

/** Locks the order, checks the version, and reads its after-sales records. */
async function lockForHandling(tx: Tx, id: number, version: number): Promise<Locked> {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw new NotFound('找不到此訂單');
  assertVersion(order, version);
  const [cancel, ret] = await Promise.all([repo.findCancelRecord(tx, id), repo.findReturnRecord(tx, id)]);
  return {
    order,
    cancel,
    ret,
    state: {
      status: order.status,
      payment_type: order.paymentType,
      is_payment: order.isPayment,
      is_shipping: order.isShipping,
      cancel_status: cancel?.status ?? null,
      return_status: ret?.status ?? null,
    },
  };
}

/** Records the step in the order's history, after the table of lifecycle moves agreed to it. */
function move(tx: Tx, locked: Locked, event: OrderEvent, actor: Actor, now: Date, reason?: string) {
  return recordOrderMove(tx, {
    orderId: locked.order.id,
    before: orderFlags(locked.order, locked.cancel, locked.ret),
    event,
    by: { actor: 'staff', id: actor.id },
    reason,
    now,
  });
}

/** A rule said no: the order is in a state where the step makes no sense (409, with the reason). */
function refuse(reason: string | null) {
  if (reason) throw new Conflict(reason);
}

export interface HandlingDeps {
  now: Date;
  /** Called after a commit that changed stock (catalogue answers may show it). */
  onStockChanged?: () => void;
}

/** The money arrived (a remittance checked against the notified last five digits, or cash collected). */
export async function confirmPayment(db: Db, actor: Actor, id: number, version: number, { now }: HandlingDeps) {
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, version);
    const { order, state } = locked;
    refuse(refusePaymentConfirmation(state));
    await move(tx, locked, 'pay', actor, now);
    const after = await repo.updateOrder(tx, id, { isPayment: true, paidAt: now }, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'confirm-payment',
      entity: 'orders',
      entityId: id,
      before: order,
      after,
    });
  });
  return getOrder(db, id);
}

/**
 * The owed money went back to the buyer (through the provider's back office, for now): clears the
 * 待退款 flag that a payment after cancellation or a second payment raised.
 */
export async function settleRefund(db: Db, actor: Actor, id: number, version: number, { now }: HandlingDeps) {
  await db.transaction(async (tx) => {
    const { order } = await lockForHandling(tx, id, version);
    if (!order.refundDue) throw new Conflict(handlingMsg.noRefundDue);
    const after = await repo.updateOrder(tx, id, { refundDue: null }, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'settle-refund',
      entity: 'orders',
      entityId: id,
      before: order,
      after,
    });
  });
  return getOrder(db, id);
}

/** Ship: carrier, tracking number, ship date; the order is fulfilled (Complete, spec §4 flags). */
export async function shipOrder(db: Db, actor: Actor, id: number, input: ShipOrderInput, { now }: HandlingDeps) {
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, state } = locked;
    refuse(refuseShipping(state));
    if (input.ship_date > taipeiDate(now)) {
      throw new Invalid(msg.badRequest, [{ field: 'ship_date', msg: handlingMsg.shipDateFuture }]);
    }
    if (input.ship_date < taipeiDate(order.createdAt)) {
      throw new Invalid(msg.badRequest, [{ field: 'ship_date', msg: handlingMsg.shipDateBeforeOrder }]);
    }
    await move(tx, locked, 'ship', actor, now, `${input.freight_company} ${input.tracking_number}`);
    const after = await repo.updateOrder(
      tx,
      id,
      {
        isShipping: true,
        shipDate: startOfShopDate(input.ship_date),
        freightCompany: input.freight_company,
        trackingNumber: input.tracking_number,
        status: OrderStatus.Complete,
      },
      now,
    );
    await recordAudit(tx, { staffId: actor.id, action: 'ship', entity: 'orders', entityId: id, before: order, after });
  });
  return getOrder(db, id);
}

/** Restores the bonus points an order spent (a cancelled order, an accepted return). */
async function giveBackBonus(tx: Tx, actor: Actor, order: repo.OrderRow, points: number, why: string) {
  if (!order.memberId || points <= 0) return 0;
  await adjustBonusInTx(tx, {
    memberId: order.memberId,
    delta: points,
    source: BonusSource.Exchange,
    reason: `${why} ${order.orderNumber}`,
    orderId: order.id,
    staffId: actor.id,
  });
  return points;
}

/**
 * spec §4 cancel records: approve → the order is cancelled (Approve), its stock and bonus points
 * return; reject → the request is Canceled (shown as "not approved") and the order goes on.
 */
export async function decideCancel(
  db: Db,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
  input: { version: number; note?: string },
  { now, onStockChanged }: HandlingDeps,
) {
  let restocked = false;
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, cancel, state } = locked;
    refuse(refuseCancelDecision(state, decision));
    await move(tx, locked, decision === 'approve' ? 'approve_cancel' : 'reject_cancel', actor, now, input.note);
    const record = await repo.updateCancelRecord(tx, cancel!.id, {
      status: decision === 'approve' ? CancelStatus.Approve : CancelStatus.Canceled,
      handledAt: now,
      handledBy: actor.id,
    });
    let after = order;
    let bonusRestored = 0;
    const lines = readOrderLines(order.productInfo, order.packageInfo);
    if (decision === 'approve') {
      after = await repo.updateOrder(tx, id, { status: OrderStatus.Cancel }, now);
      await repo.restock(tx, lines);
      restocked = lines.length > 0;
      bonusRestored = await giveBackBonus(tx, actor, order, order.useBonus, '取消訂單退還紅利');
    } else {
      // The order itself does not change, but its version moves so an open form sees the decision.
      after = await repo.updateOrder(tx, id, {}, now);
    }
    await recordAudit(tx, {
      staffId: actor.id,
      action: `${decision}-cancel`,
      entity: 'orders',
      entityId: id,
      before: { ...order, cancel_record: cancel },
      after: {
        ...after,
        cancel_record: record,
        note: input.note ?? '',
        restocked: decision === 'approve' ? lines : [],
        bonus_restored: bonusRestored,
      },
    });
  });
  if (restocked) onStockChanged?.();
  return getOrder(db, id);
}

/** Returning → Refunding: the goods are accepted back; stock and the bonus share return now. */
export async function approveReturn(db: Db, actor: Actor, id: number, input: ApproveReturnInput, deps: HandlingDeps) {
  let restocked = false;
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, ret, state } = locked;
    refuse(refuseReturnStep(state.return_status, 'approve'));
    const lines = readOrderLines(order.productInfo, order.packageInfo);
    const result = planReturn(
      { shipping: order.shipping, use_bonus: order.useBonus, pay_amount: order.payAmount },
      lines,
      input.items,
    );
    if (!result.ok) throw new Invalid(msg.badRequest, result.errors);
    if (input.refund_amount > order.payAmount) {
      throw new Invalid(msg.badRequest, [{ field: 'refund_amount', msg: handlingMsg.refundTooMuch(order.payAmount) }]);
    }
    await move(tx, locked, 'approve_return', actor, deps.now, input.note);
    const { plan } = result;
    const record = await repo.updateReturnRecord(tx, ret!.id, {
      status: ReturnStatus.Refunding,
      refundAmount: input.refund_amount,
      handledAt: deps.now,
      handledBy: actor.id,
    });
    await repo.restock(tx, plan.restock);
    restocked = plan.restock.length > 0;
    const bonusRestored = await giveBackBonus(tx, actor, order, plan.bonus_restore, '退貨退還紅利');
    const after = await repo.updateOrder(tx, id, { isReturn: true }, deps.now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'approve-return',
      entity: 'orders',
      entityId: id,
      before: { ...order, return_record: ret },
      after: { ...after, return_record: record, note: input.note ?? '', plan, bonus_restored: bonusRestored },
    });
  });
  if (restocked) deps.onStockChanged?.();
  return getOrder(db, id);
}

/** Returning → Cancel: the return is refused (shown as 退貨已取消). */
export async function rejectReturn(
  db: Db,
  actor: Actor,
  id: number,
  input: { version: number; note?: string },
  { now }: HandlingDeps,
) {
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, ret, state } = locked;
    refuse(refuseReturnStep(state.return_status, 'reject'));
    await move(tx, locked, 'reject_return', actor, now, input.note);
    const record = await repo.updateReturnRecord(tx, ret!.id, {
      status: ReturnStatus.Cancel,
      handledAt: now,
      handledBy: actor.id,
    });
    const after = await repo.updateOrder(tx, id, {}, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'reject-return',
      entity: 'orders',
      entityId: id,
      before: { ...order, return_record: ret },
      after: { ...after, return_record: record, note: input.note ?? '' },
    });
  });
  return getOrder(db, id);
}

/** Refunding → Refunded (all paid), PartialReturned (part) or Returned (nothing to pay back). */
export async function completeRefund(
  db: Db,
  actor: Actor,
  id: number,
  input: { version: number; note?: string },
  { now }: HandlingDeps,
) {
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, ret, state } = locked;
    refuse(refuseReturnStep(state.return_status, 'refund'));
    await move(tx, locked, 'refund', actor, now, input.note);
    const record = await repo.updateReturnRecord(tx, ret!.id, {
      status: refundedStatus(ret!.refundAmount ?? 0, order.payAmount),
      handledAt: now,
      handledBy: actor.id,
    });
    const after = await repo.updateOrder(tx, id, {}, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'refund-return',
      entity: 'orders',
      entityId: id,
      before: { ...order, return_record: ret },
      after: { ...after, return_record: record, note: input.note ?? '' },
    });
  });
  return getOrder(db, id);
}

// ---- catalogue guard ---------------------------------------------------------------------------

/** What the back office is about to delete: a product, some of its specs, or a package. */
export interface CatalogueItem {
  productId?: number;
  specIds?: readonly number[];
  packageId?: number;
}

/**
 * Order numbers of open orders holding the item (issue 7: a product in open orders cannot be
 * deleted — staff deactivate it instead). Read from the frozen line snapshots, so a malformed one
 * is skipped rather than failing the check (spec §8).
 */
export async function openOrdersWith(db: Db | Tx, item: CatalogueItem): Promise<string[]> {
  const specIds = new Set(item.specIds ?? []);
  const rows = await repo.findOpenOrderSnapshots(db);
  return rows
    .filter((row) =>
      readOrderLines(row.productInfo, row.packageInfo).some((line) =>
        line.kind === 'package'
          ? line.id === item.packageId
          : line.id === item.productId || (line.spec_id !== null && specIds.has(line.spec_id)),
      ),
    )
    .map((row) => row.orderNumber);
}

// ---- dashboard ---------------------------------------------------------------------------------

/**
 * Orders and revenue in two Taipei time spans plus the to-do counters. Revenue is pay_amount of
 * orders that are Processing or Complete (docs/decisions/030).
 */
export async function orderDashboard(db: Db, today: TimeRange, month: TimeRange) {
  const [day, monthTotals, todo, latest] = await Promise.all([
    repo.orderTotals(db, today.start, today.end),
    repo.orderTotals(db, month.start, month.end),
    repo.todoCounts(db),
    repo.findOrders(db, {}, 8),
  ]);
  return { today: day, month: monthTotals, todo, latest_orders: latest.map(listJson) };
}
