// How the back office names an order's state in lists and badges (spec §3 enumerations, §4 records).
import {
  CancelStatus,
  labelOf,
  msg,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
  type AdminOrderListItem,
} from '@shop/domain';

/** What the badges read of an order (a list row, the dashboard's latest, a member's orders). */
export type OrderStateFields = Pick<
  AdminOrderListItem,
  'status' | 'is_payment' | 'is_shipping' | 'payment_type' | 'last_number_of_transfer'
> &
  Partial<Pick<AdminOrderListItem, 'cancel_status' | 'return_status'>> & {
    /** Known on the order's own page: when a cancelled order's money went back. */
    refunded_at?: string | null;
  };

export type BadgeTone = 'ok' | 'warn' | 'danger' | 'brand' | '';

/** The badges of an order row: order status, payment, shipping, after-sales. */
export function orderBadges(o: OrderStateFields): { text: string; tone: BadgeTone }[] {
  const badges: { text: string; tone: BadgeTone }[] = [];
  const statusTone: BadgeTone =
    o.status === OrderStatus.Complete ? 'ok' : o.status === OrderStatus.Processing ? 'brand' : 'danger';
  badges.push({ text: labelOf(msg.orderStatusLabel, o.status), tone: statusTone });
  if (o.status === OrderStatus.Processing) {
    if (!o.is_payment) {
      badges.push(
        o.last_number_of_transfer
          ? { text: `已通知匯款 ${o.last_number_of_transfer}`, tone: 'warn' }
          : { text: '未付款', tone: '' },
      );
    } else badges.push({ text: '已付款', tone: 'ok' });
    // A pending cancel request is decided first (the shipping to-do list leaves such orders out).
    const cancelPending = o.cancel_status === CancelStatus.Canceling;
    if (!o.is_shipping && !cancelPending && (o.is_payment || o.payment_type === PaymentMethod.CashOnDelivery))
      badges.push({ text: '待出貨', tone: 'warn' });
  }
  // A cancelled order that was paid owes its money back until a refund is recorded (issue 16).
  if (o.status === OrderStatus.Cancel && o.is_payment && o.refunded_at !== undefined) {
    badges.push(o.refunded_at ? { text: '已退款', tone: 'ok' } : { text: '待退款', tone: 'warn' });
  }
  if (o.cancel_status === CancelStatus.Canceling) badges.push({ text: '取消申請中', tone: 'danger' });
  if (o.return_status === ReturnStatus.Returning) badges.push({ text: '退貨申請中', tone: 'danger' });
  else if (o.return_status === ReturnStatus.Refunding) badges.push({ text: '退款處理中', tone: 'warn' });
  else if (o.return_status) badges.push({ text: labelOf(msg.returnStatusLabel, o.return_status), tone: '' });
  return badges;
}
