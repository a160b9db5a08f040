// Orders area (spec §7 Orders, Cancel records, Return records; issue 6 items 3–6): placing an order,
// a member's orders, the guest lookup by mobile number, payment state and the after-sales requests.
// Shapes follow docs/api/orders-and-carts.md; every amount is the server's.
import type {
  EcpayCheckout,
  LinePayRequestAnswer,
  RefundAccountInput,
  MaskedOrderView,
  OrderBody,
  OrderDetailView,
  OrderPayment,
  OrderQuoteView,
  OrderView,
  PaymentSetting,
} from '@shop/domain';
import { apiGet, apiGetPage, apiSend, type ApiFetch } from './client.ts';

/**
 * spec §3 Order as the server answers it (docs/api/orders-and-carts.md): the owner's full view, the
 * order page's view with its timeline, or the masked view of the guest lookup (`masked: true`).
 */
export type ShopOrder = (OrderView & Partial<Pick<OrderDetailView, 'timeline'>>) | MaskedOrderView;

/** The owner's full view of an order (never masked, always with its id). */
export type OwnOrder = OrderView;

/** POST /orders. The key makes a retried request return the first order instead of a second one. */
export const createOrder = (api: ApiFetch, body: OrderBody, idempotencyKey: string) =>
  apiSend<OwnOrder>(api, 'POST', '/orders', body, { 'idempotency-key': idempotencyKey });

/** GET /orders/{id}: the member's own order. */
export const getOrder = (api: ApiFetch, orderId: number) => apiGet<OwnOrder>(api, `/orders/${orderId}`);

/** spec §9: order lists show 5 per page. */
export const ORDER_PAGE_SIZE = 5;

/**
 * One page of a member's orders, newest first. When the server answers the whole list (no paging),
 * the page is cut here so the list still shows 5 per page.
 */
export async function getMemberOrders(api: ApiFetch, memberId: number, page: number, size = ORDER_PAGE_SIZE) {
  const result = await apiGetPage<ShopOrder>(api, `/orders-by-members-id/${memberId}?page=${page}&size=${size}`);
  return pageOf(result, page, size);
}

/** GET /orders-by-members-id-and-order-number/member/{id}/number/{n}: one of the member's orders, or null. */
export const getMemberOrder = (api: ApiFetch, memberId: number, orderNumber: string) =>
  apiGet<OrderDetailView>(
    api,
    `/orders-by-members-id-and-order-number/member/${memberId}/number/${encodeURIComponent(orderNumber)}`,
  );

/** spec §2 order search: the orders of a buyer's mobile number, masked by the server for guests. */
export async function getOrdersByCellphone(api: ApiFetch, cellphone: string, page: number, size = ORDER_PAGE_SIZE) {
  const result = await apiGetPage<ShopOrder>(
    api,
    `/orders-by-members-cellphone/${encodeURIComponent(cellphone)}?page=${page}&size=${size}`,
  );
  return pageOf(result, page, size);
}

function pageOf(result: { items: ShopOrder[]; total: number }, page: number, size: number) {
  if (result.items.length <= size) return result;
  const start = (page - 1) * size;
  return { items: result.items.slice(start, start + size), total: result.items.length };
}

/** spec §4: an unpaid order is cancelled at once. */
export const cancelUnpaidOrder = (api: ApiFetch, orderId: number) =>
  apiSend<OwnOrder>(api, 'PUT', `/orders/${orderId}/cancel`, { id: orderId });

/** spec §7: the remittance notice (last 5 digits of the paying account). */
export const notifyTransfer = (
  api: ApiFetch,
  order: { id: number; members_id?: number | null },
  lastNumberOfTransfer: string,
) =>
  apiSend<OwnOrder>(api, 'PUT', `/orders/${order.id}/last-number-of-transfer`, {
    id: order.id,
    ...(order.members_id ? { members_id: order.members_id } : {}),
    last_number_of_transfer: lastNumberOfTransfer,
  });

/** spec §3 Order-cancel request. */
export interface CancelRequest {
  contact_phone: string;
  reason: string;
  orders_id: number;
  order_number: string;
  members_id?: number;
  /** Where the refund goes, when the order's `actions.refund_account` asks for it (docs/decisions/048). */
  refund_account?: RefundAccountInput;
}

export const requestCancel = (api: ApiFetch, body: CancelRequest) =>
  apiSend<unknown>(api, 'POST', '/order-cancel-records', body);

/** spec §3 Return request payload; `pic` is the JSON text of the uploaded images' references. */
export interface ReturnRequest {
  contact_person: string;
  contact_phone: string;
  spec: string;
  reason: string;
  pic: string;
  orders_id: number;
  order_number: string;
  members_id?: number;
  /** Where the refund goes, when the order's `actions.refund_account` asks for it (docs/decisions/048). */
  refund_account?: RefundAccountInput;
}

export const requestReturn = (api: ApiFetch, body: ReturnRequest) =>
  apiSend<unknown>(api, 'POST', '/order-return-records', body);

/** Payment state of the member's own order (modules/payments). */
export const getOrderPayment = (api: ApiFetch, orderId: number) =>
  apiGet<OrderPayment>(api, `/orders/${orderId}/payment`);

/** GET /orders/{id}/bankcard-checkout: the signed form of the bank acquirer's page (decision 060). */
export const getBankcardCheckout = (api: ApiFetch, orderId: number) =>
  apiGet<EcpayCheckout>(api, `/orders/${orderId}/bankcard-checkout`);

/** The signed ECPay AIO form of an unpaid card / ATM order, to post from the browser. */
export const getEcpayCheckout = (api: ApiFetch, orderId: number) =>
  apiGet<EcpayCheckout>(api, `/orders/${orderId}/ecpay-checkout`);

/** Reserves an unpaid LINE Pay order's payment: send the browser to `payment_url`. */
export const requestLinePay = (api: ApiFetch, orderId: number) =>
  apiSend<LinePayRequestAnswer>(api, 'POST', `/orders/${orderId}/linepay-request`, {});

/** The shop's bank account for transfers (spec §3 Payment setting, record 1). */
export const getPaymentSetting = (api: ApiFetch) => apiGet<PaymentSetting | null>(api, '/payment-setting/1');

/** POST /orders-preview: what the member's cart costs as an order now, for a delivery method and points. */
export const previewOrder = (
  api: ApiFetch,
  body: { delivery_method: number; use_bonus: number; code: string | null; coupon_code: string | null },
) => apiSend<OrderQuoteView>(api, 'POST', '/orders-preview', body);
