// The back office's steps on an order (issue 7 item 5, issue 15): confirm a payment, ship, decide
// cancel and return requests, record refunds. Each step is one transaction that locks the order,
// checks the form's version and the spec's rules, asks the lifecycle table, and writes the order,
// its after-sales record, the stock and bonus points it gives back, its history and its audit row.
import {
  BonusSource,
  CancelStatus,
  handlingMsg,
  msg,
  OrderStatus,
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
  type ApproveReturnInput,
  type HandledOrder,
  type OrderEvent,
  type ShipOrderInput,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { recordAudit, assertVersion } from '../admin/index.ts';
import { releaseCouponInTx } from '../coupons/index.ts';
import { adjustBonusInTx } from './bonus-ledger.ts';
import { settleReturnedOrder } from './order-bonus.ts';
import { orderFlags, recordOrderMove } from './order-events.ts';
import { enqueueProviderRefund } from './order-refunds.ts';
import * as repo from './orders.repository.ts';
import { countOrderPaid } from '../../metrics/index.ts';
import { queueRestockAlerts } from '../restock-alerts/index.ts';

type Tx = repo.Tx;

/** The staff member acting (from the back-office token). */
export interface Actor {
  id: number;
}

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
  const [[cancel], [ret]] = await Promise.all([repo.findCancelRecords(tx, [id]), repo.findReturnRecords(tx, [id])]);
  return {
    order,
    cancel: cancel ?? null,
    ret: ret ?? null,
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
  countOrderPaid();
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
 * spec §4 cancel records: approve → the order is cancelled (Approve), its stock, bonus points and
 * coupon use return; reject → the request is Canceled (shown as "not approved") and the order goes on.
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
      // Stock back from none: the 貨到通知 of its waiting members go with this commit (issue 43 item 2).
      await queueRestockAlerts(tx, await repo.putBackStock(tx, lines));
      restocked = lines.length > 0;
      bonusRestored = await giveBackBonus(tx, actor, order, order.useBonus, '取消訂單退還紅利');
      // docs/decisions/061: a cancelled order gives its coupon use back.
      await releaseCouponInTx(tx, order.id, now);
      // A paid LINE Pay order's money goes back through LINE Pay, after this commits (issue 16).
      await enqueueProviderRefund(tx, order, order.payAmount, 'cancel');
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
    // Stock back from none: the 貨到通知 of its waiting members go with this commit (issue 43 item 2).
    await queueRestockAlerts(tx, await repo.putBackStock(tx, plan.restock));
    restocked = plan.restock.length > 0;
    const bonusRestored = await giveBackBonus(tx, actor, order, plan.bonus_restore, '退貨退還紅利');
    await settleReturnedOrder(tx, id, input.refund_amount, deps.now);
    const after = await repo.updateOrder(tx, id, { isReturn: true }, deps.now);
    await enqueueProviderRefund(tx, order, input.refund_amount, 'return');
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
}

/**
 * The return steps that only close the record: refuse it (Returning → Cancel, shown as 退貨已取消),
 * or record the money sent (Refunding → Refunded for all, PartialReturned for part, Returned for none).
 */
async function closeReturn(
  db: Db,
  actor: Actor,
  id: number,
  step: 'reject' | 'refund',
  input: { version: number; note?: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const locked = await lockForHandling(tx, id, input.version);
    const { order, ret, state } = locked;
    refuse(refuseReturnStep(state.return_status, step));
    await move(tx, locked, step === 'reject' ? 'reject_return' : 'refund', actor, now, input.note);
    const record = await repo.updateReturnRecord(tx, ret!.id, {
      status: step === 'reject' ? ReturnStatus.Cancel : refundedStatus(ret!.refundAmount ?? 0, order.payAmount),
      handledAt: now,
      handledBy: actor.id,
    });
    const after = await repo.updateOrder(tx, id, {}, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: step === 'reject' ? 'reject-return' : 'refund-return',
      entity: 'orders',
      entityId: id,
      before: { ...order, return_record: ret },
      after: { ...after, return_record: record, note: input.note ?? '' },
    });
  });
}

export const rejectReturn = (
  db: Db,
  actor: Actor,
  id: number,
  input: { version: number; note?: string },
  { now }: HandlingDeps,
) => closeReturn(db, actor, id, 'reject', input, now);

export const completeRefund = (
  db: Db,
  actor: Actor,
  id: number,
  input: { version: number; note?: string },
  { now }: HandlingDeps,
) => closeReturn(db, actor, id, 'refund', input, now);
