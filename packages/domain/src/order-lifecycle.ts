// The order's life as one table (issue 15): the states an order passes through, the events that move
// it, and who may cause each move. Every writer of an order asks this table before it writes, and
// records the move as an order event, so the back office and the shopper read one history.
import { CancelStatus, OrderStatus, ReturnStatus } from './enums.ts';
import { msg } from './messages.ts';

export const ORDER_STATES = [
  'placed',
  'paid',
  'cancel_requested',
  'cancelled',
  'shipped',
  'in_transit',
  'arrived',
  'picked_up',
  'unclaimed',
  'delivered',
  'completed',
  'return_requested',
  'returned',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who moved the order: the buyer, a back-office account, a payment or logistics provider, or the shop's own jobs. */
export const ORDER_ACTORS = ['member', 'staff', 'provider', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_EVENTS = [
  'pay',
  'cancel',
  'request_cancel',
  'approve_cancel',
  'reject_cancel',
  'ship',
  'transit',
  'arrive',
  'pick_up',
  'unclaim',
  'deliver',
  'complete',
  'request_return',
  'approve_return',
  'reject_return',
  'refund',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export interface OrderMove {
  event: OrderEvent;
  from: OrderState;
  to: OrderState;
  by: readonly OrderActor[];
}

const m = (event: OrderEvent, from: OrderState, to: OrderState, ...by: OrderActor[]): OrderMove => ({
  event,
  from,
  to,
  by,
});

/** Every allowed move; anything else is refused. */
export const ORDER_MOVES: readonly OrderMove[] = [
  // spec §3: the money arrives (provider callback, or staff confirm a transfer); cash on delivery
  // is collected at the door, so it may be confirmed after the parcel left, in any later state.
  // The shop's own jobs pay an order whose bonus points cover the whole amount.
  m('pay', 'placed', 'paid', 'provider', 'staff', 'system'),
  ...(
    ['shipped', 'in_transit', 'arrived', 'picked_up', 'delivered', 'completed', 'return_requested', 'returned'] as const
  ).map((state) => m('pay', state, state, 'provider', 'staff')),
  // A provider may report money for an order already cancelled: kept as history, and owed back.
  m('pay', 'cancelled', 'cancelled', 'provider'),
  // spec §4: an unpaid order is cancelled at once; the shop's jobs cancel one whose payment deadline passed.
  m('cancel', 'placed', 'cancelled', 'member', 'staff', 'system'),
  // spec §4: a paid order needs a request the shop decides.
  m('request_cancel', 'paid', 'cancel_requested', 'member'),
  m('approve_cancel', 'cancel_requested', 'cancelled', 'staff'),
  m('reject_cancel', 'cancel_requested', 'paid', 'staff'),
  // Paid, or cash on delivery (paid at the door).
  m('ship', 'paid', 'shipped', 'staff', 'provider'),
  m('ship', 'placed', 'shipped', 'staff', 'provider'),
  // ECPay's logistics status notices (issue 17 item 3): on the way, at the pickup store, picked up
  // or left there (the chain sends it back), delivered to the door. A carrier may skip a step.
  m('transit', 'shipped', 'in_transit', 'provider'),
  m('arrive', 'shipped', 'arrived', 'provider'),
  m('arrive', 'in_transit', 'arrived', 'provider'),
  m('pick_up', 'arrived', 'picked_up', 'provider'),
  m('unclaim', 'arrived', 'unclaimed', 'provider'),
  m('deliver', 'shipped', 'delivered', 'provider'),
  m('deliver', 'in_transit', 'delivered', 'provider'),
  // The return window closed (or the parcel was delivered and kept).
  m('complete', 'shipped', 'completed', 'system', 'staff'),
  m('complete', 'picked_up', 'completed', 'system', 'staff'),
  m('complete', 'delivered', 'completed', 'system', 'staff'),
  // spec §4: a return is asked for after delivery, within the return window.
  m('request_return', 'shipped', 'return_requested', 'member'),
  m('request_return', 'arrived', 'return_requested', 'member'),
  m('request_return', 'picked_up', 'return_requested', 'member'),
  m('request_return', 'delivered', 'return_requested', 'member'),
  // The goods came back (stock restored); the money follows.
  m('approve_return', 'return_requested', 'returned', 'staff'),
  // A refused return closes the order's after-sales: spec §4 allows one return record per order.
  m('reject_return', 'return_requested', 'completed', 'staff'),
  m('refund', 'returned', 'refunded', 'staff', 'provider'),
  m('refund', 'cancelled', 'refunded', 'staff', 'provider'),
];

/** What the shopper and the back office call each state. */
export const orderStateLabel: Record<OrderState, string> = {
  placed: '訂單成立',
  paid: '已付款',
  cancel_requested: '申請取消中',
  cancelled: '已取消',
  shipped: '已出貨',
  in_transit: '配送中',
  arrived: '已到店',
  picked_up: '已取貨',
  unclaimed: '未取貨退回中',
  delivered: '已送達',
  completed: '已完成',
  return_requested: '申請退貨中',
  returned: '退貨已收到',
  refunded: '已退款',
};

/** What each event reads as in a timeline. */
export const orderEventLabel: Record<OrderEvent, string> = {
  pay: '付款完成',
  cancel: '取消訂單',
  request_cancel: '申請取消',
  approve_cancel: '核准取消',
  reject_cancel: '不核准取消',
  ship: '出貨',
  transit: '物流運送',
  arrive: '到達門市',
  pick_up: '顧客取貨',
  unclaim: '逾期未取貨',
  deliver: '送達',
  complete: '訂單完成',
  request_return: '申請退貨',
  approve_return: '核准退貨',
  reject_return: '不核准退貨',
  refund: '退款',
};

export type MoveResult = { ok: true; move: OrderMove } | { ok: false; msg: string };

/**
 * The move `event` makes from `from` when `actor` causes it, or why not: the message names the
 * current state, as the 409 a refused move answers must (issue 15).
 */
export function moveOrder(from: OrderState, event: OrderEvent, actor: OrderActor): MoveResult {
  const move = ORDER_MOVES.find((x) => x.event === event && x.from === from);
  if (!move || !move.by.includes(actor)) {
    return { ok: false, msg: `訂單目前為「${orderStateLabel[from]}」，無法${orderEventLabel[event]}` };
  }
  return { ok: true, move };
}

/** The order columns the state is read from, until the state is a column of its own. */
export interface OrderFlags {
  status: number;
  is_payment: boolean;
  is_shipping: boolean;
  cancel_status: number | null;
  return_status: number | null;
  /** The money of a cancelled order went back (orders.refunded_at); a return's refund is its record's status. */
  refunded?: boolean;
  /** The shop's job closed the order once its return window ended (orders.completed_at). */
  completed?: boolean;
  /** Where the shipped parcel is, as the logistics provider last reported (orders.delivery_state); null before any word. */
  delivery?: string | null;
}

/** The states a logistics status notice can put a shipped order in (orders.delivery_state). */
export const DELIVERY_STATES = ['in_transit', 'arrived', 'picked_up', 'unclaimed', 'delivered'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const isDeliveryState = (value: string | null | undefined): value is DeliveryState =>
  (DELIVERY_STATES as readonly (string | null | undefined)[]).includes(value);

/**
 * The lifecycle state the stored flags and after-sales records describe (spec §3 flags, §4 records).
 * Where a shipped parcel is comes from the logistics provider (the `delivery` flag); without a word
 * from it, a shipped order reads as shipped.
 */
export function orderStateOf(o: OrderFlags): OrderState {
  switch (o.return_status) {
    case ReturnStatus.Returning:
      return 'return_requested';
    case ReturnStatus.Refunding:
      return 'returned';
    case ReturnStatus.Returned:
    case ReturnStatus.PartialReturned:
    case ReturnStatus.Refunded:
      return 'refunded';
    case ReturnStatus.Cancel:
      return 'completed';
  }
  if (o.status === OrderStatus.Cancel) return o.refunded ? 'refunded' : 'cancelled';
  if (o.cancel_status === CancelStatus.Canceling) return 'cancel_requested';
  if (o.completed) return 'completed';
  if (o.is_shipping) return isDeliveryState(o.delivery) ? o.delivery : 'shipped';
  return o.is_payment ? 'paid' : 'placed';
}

/** The states in which the parcel has left and the shopper may still send it back. */
const UNDER_WAY: ReadonlySet<OrderState> = new Set(['shipped', 'arrived', 'picked_up', 'delivered']);

/**
 * The state the shopper is shown (issue 20 item 8c). Once the return window (spec §4) has closed, a
 * shipped order is completed: the table's `complete` move by the shop's jobs, which nothing records yet,
 * read from the clock until something does. `returnDeadline` is null when the order has no ship date.
 */
export function shopperOrderState(flags: OrderFlags, returnDeadline: Date | null, now: Date): OrderState {
  const state = orderStateOf(flags);
  const windowClosed = returnDeadline !== null && now.getTime() > returnDeadline.getTime();
  return UNDER_WAY.has(state) && windowClosed ? 'completed' : state;
}

/**
 * The word on the order's status chip in the shop (order list, order page, guest lookup). Shipping
 * sets the spec's status to Complete (spec §3 flags), but a parcel on its way is not 已完成: it reads
 * 已出貨 (or 已到店 at the pickup store) until it is picked up or the return window closes. A return
 * request means the goods arrived, so the after-sales states read 已完成 beside their own record's chip.
 */
export function shopperStatusLabel(status: number, state: OrderState): string {
  if (status === OrderStatus.Cancel || status === OrderStatus.Failed || status === OrderStatus.Deleted) {
    return msg.orderStatusLabel[status];
  }
  switch (state) {
    case 'shipped':
    case 'in_transit':
    case 'arrived':
    case 'unclaimed':
      return orderStateLabel[state];
    case 'picked_up':
    case 'delivered':
    case 'completed':
    case 'return_requested':
    case 'returned':
    case 'refunded':
      return orderStateLabel.completed;
    case 'cancelled':
      return msg.orderStatusLabel[OrderStatus.Cancel];
    default:
      return msg.orderStatusLabel[OrderStatus.Processing];
  }
}
