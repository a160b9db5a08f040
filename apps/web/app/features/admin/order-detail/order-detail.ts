// One order as the back office's order page reads it (GET /admin/orders/:id), and which handling
// steps it offers now: the same refusals the API applies (packages/domain order-handling.ts).
import {
  CancelStatus,
  refuseCancelDecision,
  refusePaymentConfirmation,
  refuseReturnStep,
  refuseShipping,
  type HandledLine,
  type HandledOrder,
} from '@shop/domain';

export interface OrderDetail {
  id: number;
  order_number: string;
  created_at: string;
  member: { id: number; account: string; name: string; cell_phone: string } | null;
  member_cellphone: string;
  payment_type: number;
  delivery_method: number;
  is_payment: boolean;
  paid_at: string | null;
  is_shipping: boolean;
  ship_date: string | null;
  freight_company: string;
  tracking_number: string;
  status: number;
  goods_amount: number;
  discount_amount: number;
  celebrity_discount: number;
  celebrity_code: string | null;
  shipping: number;
  use_bonus: number;
  pay_amount: number;
  recv_name: string;
  recv_cellphone: string;
  recv_address: string;
  store_info: { chain?: string; id?: string; name?: string } | null;
  remark: string;
  receipt: Record<string, unknown>;
  lines: HandledLine[];
  virtual_account: string | null;
  virtual_account_bank_code: string | null;
  last_number_of_transfer: string | null;
  trade_no: string | null;
  refund_due: 'paid_after_cancel' | 'paid_twice' | null;
  cancel_record: {
    status: number;
    contact_phone: string;
    reason: string;
    created_at: string;
    handled_at: string | null;
  } | null;
  return_record: {
    status: number;
    contact_person: string;
    contact_phone: string;
    spec: string;
    reason: string;
    pic: string[];
    refund_amount: number | null;
    created_at: string;
  } | null;
  version: number;
  events: OrderEventRow[];
}

/** One row of the order's history. */
export interface OrderEventRow {
  id: number;
  event: string;
  from_state: string | null;
  to_state: string;
  actor: 'member' | 'staff' | 'provider' | 'system';
  actor_name: string;
  reason: string;
  created_at: string;
}

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
  };
}
