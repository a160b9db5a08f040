// After-sales requests of spec §4 (cancel a paid order, return a shipped one) and their lists, by member
// and by the buyer's mobile number. The back office decides them (order-handling.service.ts).
import {
  canReturn,
  cancelMode,
  msg,
  needsRefundAccount,
  orderMsg,
  refundMsg,
  type AfterSalesOrder,
  type CancelRecordBody,
  type CancelRecordView,
  type MaskedRecordView,
  type RefundAccount,
  type ReturnRecordBody,
  type ReturnRecordView,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { getOrderSettings } from '../settings/index.ts';
import { ownUploadNames, uploadName } from '../uploads/index.ts';
import { cancelRecordJson, maskedRecordJson, returnRecordJson } from './order-json.ts';
import * as repo from './orders.repository.ts';
import { lockOwnOrder, type OrderDeps } from './orders.service.ts';
import { orderFlags, recordOrderMove } from './order-events.ts';

/** How many records a lookup by phone lists (a shopper has a handful; a script gets no more). */
const LOOKUP_RECORDS_MAX = 100;

/**
 * docs/decisions/048: the request names the account the refund goes to exactly when the money came by
 * transfer, ATM or cash on delivery; one sent for a card or LINE Pay order is not kept (no personal
 * data the shop has no use for). Answers the columns to store.
 */
function refundAccountColumns(state: AfterSalesOrder, sent: RefundAccount | null) {
  if (!needsRefundAccount(state)) return { refundBankCode: null, refundAccount: null, refundHolder: null };
  if (!sent)
    throw new Invalid(refundMsg.accountRequired, [{ field: 'refund_account', msg: refundMsg.accountRequired }]);
  return { refundBankCode: sent.bank_code, refundAccount: sent.account, refundHolder: sent.holder };
}

function checkOrderNumber(sent: string | undefined, actual: string) {
  if (sent !== undefined && sent.trim() !== '' && sent.trim() !== actual) {
    throw new Invalid(msg.badRequest, [{ field: 'order_number', msg: orderMsg.orderNumberMismatch }]);
  }
}

/**
 * POST /order-cancel-records (spec §4): a paid order that is Processing, not shipped and has no cancel
 * record; unpaid ones are cancelled directly (PUT /orders/{id}/cancel). The order row is locked, so the
 * request and a back-office step (ship, confirm) run one after the other.
 */
export async function requestCancel(
  db: Db,
  memberId: number,
  body: CancelRecordBody,
  deps: OrderDeps,
): Promise<CancelRecordView> {
  return db.transaction(async (tx) => {
    const { order, cancel, ret, state } = await lockOwnOrder(tx, memberId, body.orders_id);
    checkOrderNumber(body.order_number, order.orderNumber);
    if (cancelMode(state) !== 'request') throw new Conflict(msg.cancelNotAllowed);
    const refund = refundAccountColumns(state, body.refund_account);
    await recordOrderMove(tx, {
      orderId: order.id,
      before: orderFlags(order, cancel, ret),
      event: 'request_cancel',
      by: { actor: 'member', id: memberId },
      reason: body.reason,
      now: deps.now,
    });
    const record = await repo.insertCancelRecord(tx, {
      orderId: order.id,
      memberId,
      orderNumber: order.orderNumber,
      contactPhone: body.contact_phone,
      reason: body.reason,
      ...refund,
      createdAt: deps.now,
    });
    if (!record) throw new Conflict(msg.cancelNotAllowed);
    // The member who typed it sees it back in full.
    return cancelRecordJson(record, 'full');
  });
}

/**
 * POST /order-return-records (spec §4, §5): a shipped order without a return record, inside the return
 * window; 1–4 pictures the member uploaded.
 */
export async function requestReturn(
  db: Db,
  memberId: number,
  body: ReturnRecordBody,
  deps: OrderDeps,
): Promise<ReturnRecordView> {
  const pics = [...new Set(body.pic.map(uploadName))];
  const owned = await ownUploadNames(db, memberId, pics);
  if (pics.some((name) => !owned.has(name))) {
    throw new Invalid(msg.badRequest, [{ field: 'pic', msg: msg.uploadNotFound }]);
  }
  const { returnDays } = await getOrderSettings(db, deps.defaultReturnDays);
  return db.transaction(async (tx) => {
    const { order, cancel, ret, state } = await lockOwnOrder(tx, memberId, body.orders_id);
    checkOrderNumber(body.order_number, order.orderNumber);
    if (!canReturn(state, deps.now, returnDays)) throw new Conflict(msg.returnNotAllowed);
    const refund = refundAccountColumns(state, body.refund_account);
    await recordOrderMove(tx, {
      orderId: order.id,
      before: orderFlags(order, cancel, ret),
      event: 'request_return',
      by: { actor: 'member', id: memberId },
      reason: body.reason,
      now: deps.now,
    });
    const record = await repo.insertReturnRecord(tx, {
      orderId: order.id,
      memberId,
      orderNumber: order.orderNumber,
      contactPerson: body.contact_person,
      contactPhone: body.contact_phone,
      spec: body.spec,
      reason: body.reason,
      pic: JSON.stringify(pics),
      ...refund,
      createdAt: deps.now,
    });
    if (!record) throw new Conflict(msg.returnNotAllowed);
    return returnRecordJson(record, 'full');
  });
}

/** A list: the refund accounts in it are masked (docs/decisions/048). */
export async function listCancelRecordsOfMember(db: Db, memberId: number): Promise<CancelRecordView[]> {
  return (await repo.findCancelRecordsOfMember(db, memberId)).map((r) => cancelRecordJson(r, 'masked'));
}

export async function listReturnRecordsOfMember(db: Db, memberId: number): Promise<ReturnRecordView[]> {
  return (await repo.findReturnRecordsOfMember(db, memberId)).map((r) => returnRecordJson(r, 'masked'));
}

/** Records of orders bought with this phone: in full for the logged-in buyer, masked for anybody else. */
export async function lookupCancelRecordsByPhone(
  db: Db,
  phone: string,
  viewerId: number | null,
): Promise<(CancelRecordView | MaskedRecordView)[]> {
  const rows = await repo.findCancelRecordsByBuyerPhone(db, phone, LOOKUP_RECORDS_MAX);
  return rows.map(({ record, buyerId }) =>
    viewerId !== null && buyerId === viewerId ? cancelRecordJson(record, 'masked') : maskedRecordJson(record),
  );
}

export async function lookupReturnRecordsByPhone(
  db: Db,
  phone: string,
  viewerId: number | null,
): Promise<(ReturnRecordView | MaskedRecordView)[]> {
  const rows = await repo.findReturnRecordsByBuyerPhone(db, phone, LOOKUP_RECORDS_MAX);
  return rows.map(({ record, buyerId }) =>
    viewerId !== null && buyerId === viewerId ? returnRecordJson(record, 'masked') : maskedRecordJson(record),
  );
}
