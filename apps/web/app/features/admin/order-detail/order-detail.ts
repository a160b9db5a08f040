// One order as the back office's order page reads it (GET /admin/orders/:id), and which handling
// steps it offers now: the same refusals the API applies (packages/domain order-handling.ts).
import {
  CancelStatus,
  orderStateOf,
  refundRoute,
  refuseCancelDecision,
  refusePaymentConfirmation,
  refuseReturnStep,
  refuseShipping,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type HandledOrder,
} from '@shop/domain';

/** GET /admin/orders/{id}, as every handling step also answers it. */
export type OrderDetail = AdminOrderDetail;

/** One row of the order's history. */
export type OrderEventRow = AdminOrderEvent;

/** Field errors of the last action, keyed by field name. */
export type FieldErrors = Record<string, string>;

/** What the page offers for the order as it stands. */
export interface OrderHandling {
  state: HandledOrder;
  canConfirm: boolean;
  canShip: boolean;
  /** Why it cannot ship yet, for an order not shipped. */
  shipBlocked: string | null;
  cancelPending: boolean;
  canApproveCancel: boolean;
  returnPending: boolean;
  refundPending: boolean;
  /** 記錄退款: a cancelled order that was paid and whose refund is not recorded yet (issue 16 item 2). */
  canRecordRefund: boolean;
}

export function orderHandling(o: OrderDetail): OrderHandling {
  const state: HandledOrder = {
    status: o.status,
    payment_type: o.payment_type,
    is_payment: o.is_payment,
    is_shipping: o.is_shipping,
    cancel_status: o.cancel_record?.status ?? null,
    return_status: o.return_record?.status ?? null,
  };
  const canShip = refuseShipping(state) === null;
  const cancelPending = o.cancel_record?.status === CancelStatus.Canceling;
  return {
    state,
    canConfirm: refusePaymentConfirmation(state) === null,
    canShip,
    shipBlocked: !o.is_shipping && !canShip ? refuseShipping(state) : null,
    cancelPending,
    canApproveCancel: cancelPending && refuseCancelDecision(state, 'approve') === null,
    returnPending: refuseReturnStep(state.return_status, 'approve') === null,
    refundPending: refuseReturnStep(state.return_status, 'refund') === null,
    // A card or LINE Pay refund goes back by itself; by hand only once its job has failed.
    canRecordRefund:
      orderStateOf({ ...state, refunded: o.refunded_at !== null }) === 'cancelled' &&
      o.is_payment &&
      (refundRoute(o) !== 'provider' || o.failed_jobs.some((j) => j.kind === 'refund-payment')),
  };
}
