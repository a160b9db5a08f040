// What the back office may do with an order in which state (spec §3 flags, §4 after-sales records),
// and how a (partial) return is settled. Pure rules: the server applies them inside a transaction.
import { z } from 'zod';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import { parseJsonSafe } from './encoded-list.ts';

/** Why the back office refuses an action; shown to staff as the error message. */
export const handlingMsg = {
  notOpen: '此訂單已取消或已結束，無法執行此操作',
  alreadyPaid: '此訂單已確認付款',
  alreadyShipped: '此訂單已出貨',
  unpaid: '此訂單尚未確認付款，無法出貨',
  cancelPending: '此訂單有待處理的取消申請，請先處理',
  cancelDecided: '此取消申請已處理過',
  shippedCannotCancel: '此訂單已出貨，無法核准取消，請改走退貨流程',
  returnNotPending: '此退貨申請不在「退貨申請中」狀態',
  returnNotRefunding: '此退貨申請不在「退款處理中」狀態',
  lineUnknown: '找不到此訂單品項',
  lineTwice: '同一品項只能填一次',
  qtyTooMany: (max: number) => `退貨數量不可超過 ${max}`,
  refundTooMuch: (max: number) => `退款金額不可超過 NT$${max}`,
  shipDateFuture: '出貨日期不可晚於今天',
  shipDateBeforeOrder: '出貨日期不可早於訂購日',
  bonusNotEnough: '紅利點數不足，無法扣除',
  codeTaken: '此推薦碼已被使用',
  versionConflict: '資料已被其他人更新，請重新整理後再試',
  noRefundDue: '此訂單沒有待退款的款項',
} as const;

/** The parts of an order the rules look at. `*_status` is null when the order has no such record. */
export interface HandledOrder {
  status: number;
  payment_type: number;
  is_payment: boolean;
  is_shipping: boolean;
  cancel_status: number | null;
  return_status: number | null;
}

/** Orders still being fulfilled or just fulfilled; a cancelled, failed or deleted one is closed. */
function isOpen(order: HandledOrder): boolean {
  return order.status === OrderStatus.Processing || order.status === OrderStatus.Complete;
}

/**
 * Confirm that the money arrived. Any payment method may be confirmed by hand (a missed ATM
 * callback, cash on delivery collected after shipping), never twice, never on a closed order.
 */
export function refusePaymentConfirmation(order: HandledOrder): string | null {
  if (!isOpen(order)) return handlingMsg.notOpen;
  if (order.is_payment) return handlingMsg.alreadyPaid;
  return null;
}

/**
 * Ship: only a Processing order that is not shipped, has no open cancel request, and is paid —
 * cash on delivery is paid at the door, so it ships unpaid.
 */
export function refuseShipping(order: HandledOrder): string | null {
  if (order.is_shipping) return handlingMsg.alreadyShipped;
  if (order.status !== OrderStatus.Processing) return handlingMsg.notOpen;
  if (order.cancel_status === CancelStatus.Canceling) return handlingMsg.cancelPending;
  if (!order.is_payment && order.payment_type !== PaymentMethod.CashOnDelivery) return handlingMsg.unpaid;
  return null;
}

/** Decide a cancel request (spec §4: Canceling → Approve, or → Canceled when refused). */
export function refuseCancelDecision(order: HandledOrder, decision: 'approve' | 'reject'): string | null {
  if (order.cancel_status !== CancelStatus.Canceling) return handlingMsg.cancelDecided;
  if (decision === 'reject') return null;
  if (order.is_shipping) return handlingMsg.shippedCannotCancel;
  if (order.status !== OrderStatus.Processing) return handlingMsg.notOpen;
  return null;
}

/** Return record steps: Returning → Refunding (goods accepted) → Refunded; Returning → Cancel (refused). */
export type ReturnStep = 'approve' | 'reject' | 'refund';

export function refuseReturnStep(returnStatus: number | null, step: ReturnStep): string | null {
  if (step === 'refund') return returnStatus === ReturnStatus.Refunding ? null : handlingMsg.returnNotRefunding;
  return returnStatus === ReturnStatus.Returning ? null : handlingMsg.returnNotPending;
}

/**
 * The final status once the money is sent: the whole amount → Refunded; nothing (the order was paid
 * with points only, or the shop keeps the money) → Returned; part of it → PartialReturned.
 */
export function refundedStatus(refundAmount: number, payAmount: number): ReturnStatus {
  if (refundAmount >= payAmount) return ReturnStatus.Refunded;
  if (refundAmount <= 0) return ReturnStatus.Returned;
  return ReturnStatus.PartialReturned;
}

// ---- order lines ---------------------------------------------------------------------------

/** One line of an order's frozen snapshot (product_info, then package_info). */
export const handledLineSchema = z.object({
  kind: z.enum(['product', 'package']),
  /** Product id or package id. */
  id: z.number().int(),
  /** Spec id of a product line; null for packages or old snapshots without one. */
  spec_id: z.number().int().nullable(),
  name: z.string(),
  spec_name: z.string(),
  on_sale_price: z.number().int(),
  qty: z.number().int(),
});
export type HandledLine = z.infer<typeof handledLineSchema>;

function intOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}

function readLines(text: unknown, kind: HandledLine['kind']): HandledLine[] {
  const list = Array.isArray(text) ? text : parseJsonSafe(text, []);
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw): HandledLine[] => {
    if (!raw || typeof raw !== 'object') return [];
    const item = raw as Record<string, unknown>;
    const snapshot = (item.product_snapshot ?? {}) as Record<string, unknown>;
    const qty = intOr(item.qty, 0);
    if (qty <= 0) return [];
    const specId = intOr(item.spec_id, 0);
    return [
      {
        kind,
        id: intOr(item.id, 0),
        spec_id: kind === 'product' && specId > 0 ? specId : null,
        name: String(item.name ?? snapshot.name ?? ''),
        spec_name: String(item.product_specs_name ?? snapshot.product_specs_name ?? ''),
        on_sale_price: Math.max(0, intOr(item.on_sale_price ?? snapshot.on_sale_price, 0)),
        qty,
      },
    ];
  });
}

/** spec §8: malformed order info is ignored (an empty list), never an error. */
export function readOrderLines(productInfo: unknown, packageInfo: unknown): HandledLine[] {
  return [...readLines(productInfo, 'product'), ...readLines(packageInfo, 'package')];
}

// ---- returns -------------------------------------------------------------------------------

/** The amounts of an order a return settles against. */
export interface OrderAmounts {
  shipping: number;
  use_bonus: number;
  pay_amount: number;
}

/** A returned line: its index in `readOrderLines` and how many units come back. */
export interface ReturnedItem {
  line: number;
  qty: number;
}

export interface ReturnPlan {
  /** Every unit of every line comes back. */
  full: boolean;
  /** Value of the returned goods at the prices paid per unit. */
  returned_goods: number;
  /** Refund the staff is offered: all of pay_amount for a full return, else the goods' share without shipping. */
  suggested_refund: number;
  /** Bonus points given back: all for a full return, else the goods' share. */
  bonus_restore: number;
  /** Units to put back in stock. */
  restock: { kind: HandledLine['kind']; id: number; spec_id: number | null; qty: number }[];
}

export type ReturnPlanResult = { ok: true; plan: ReturnPlan } | { ok: false; errors: { field: string; msg: string }[] };

/**
 * Settle a (partial) return. A partial return gives back its share of what was paid for goods
 * (pay_amount without shipping) and of the bonus points spent, by the value of the returned units;
 * shipping is only refunded when everything comes back.
 */
export function planReturn(
  order: OrderAmounts,
  lines: readonly HandledLine[],
  items: readonly ReturnedItem[],
): ReturnPlanResult {
  const errors: { field: string; msg: string }[] = [];
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const line = lines[item.line];
    if (!line) errors.push({ field: `items.${i}.line`, msg: handlingMsg.lineUnknown });
    else if (seen.has(item.line)) errors.push({ field: `items.${i}.line`, msg: handlingMsg.lineTwice });
    else if (item.qty > line.qty) errors.push({ field: `items.${i}.qty`, msg: handlingMsg.qtyTooMany(line.qty) });
    seen.add(item.line);
  });
  if (errors.length > 0) return { ok: false, errors };

  const value = (line: HandledLine, qty: number) => line.on_sale_price * qty;
  const allGoods = lines.reduce((sum, line) => sum + value(line, line.qty), 0);
  const returnedGoods = items.reduce((sum, item) => sum + value(lines[item.line]!, item.qty), 0);
  const full =
    lines.length > 0 && lines.every((line, index) => items.some((i) => i.line === index && i.qty === line.qty));
  const ratio = full ? 1 : allGoods > 0 ? returnedGoods / allGoods : 0;
  const goodsPaid = Math.max(0, order.pay_amount - order.shipping);
  return {
    ok: true,
    plan: {
      full,
      returned_goods: returnedGoods,
      suggested_refund: full ? order.pay_amount : Math.min(order.pay_amount, Math.round(goodsPaid * ratio)),
      bonus_restore: full ? order.use_bonus : Math.min(order.use_bonus, Math.round(order.use_bonus * ratio)),
      restock: items
        .filter((item) => item.qty > 0)
        .map((item) => {
          const line = lines[item.line]!;
          return { kind: line.kind, id: line.id, spec_id: line.spec_id, qty: item.qty };
        }),
    },
  };
}
