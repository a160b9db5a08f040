import { describe, expect, it } from 'vitest';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import { orderBadges, type OrderStateFields } from './order-labels.ts';

const base: OrderStateFields = {
  status: OrderStatus.Processing,
  is_payment: false,
  is_shipping: false,
  payment_type: PaymentMethod.Transfer,
  last_number_of_transfer: null,
};

describe('orderBadges', () => {
  it.each<[string, Partial<OrderStateFields>, string[]]>([
    ['a new transfer order', {}, ['處理中', '未付款']],
    ['a notified transfer', { last_number_of_transfer: '12345' }, ['處理中', '已通知匯款 12345']],
    ['paid, to ship', { is_payment: true }, ['處理中', '已付款', '待出貨']],
    ['cash on delivery, to ship', { payment_type: PaymentMethod.CashOnDelivery }, ['處理中', '未付款', '待出貨']],
    ['a cancel request', { cancel_status: CancelStatus.Canceling }, ['處理中', '未付款', '取消申請中']],
    [
      'paid, with a cancel request',
      { is_payment: true, cancel_status: CancelStatus.Canceling },
      ['處理中', '已付款', '取消申請中'],
    ],
    [
      'shipped with a return',
      { status: OrderStatus.Complete, is_payment: true, is_shipping: true, return_status: ReturnStatus.Returning },
      ['已完成', '退貨申請中'],
    ],
    ['cancelled', { status: OrderStatus.Cancel }, ['已取消']],
    // On the order's own page, where refunded_at is known (issue 16).
    [
      'cancelled after paying, owed back',
      { status: OrderStatus.Cancel, is_payment: true, refunded_at: null },
      ['已取消', '待退款'],
    ],
    [
      'cancelled after paying, refunded',
      { status: OrderStatus.Cancel, is_payment: true, refunded_at: '2026-11-26T04:00:00.000Z' },
      ['已取消', '已退款'],
    ],
    ['cancelled unpaid: nothing owed', { status: OrderStatus.Cancel, refunded_at: null }, ['已取消']],
    ['in a list, where the refund is not known', { status: OrderStatus.Cancel, is_payment: true }, ['已取消']],
  ])('%s', (_case, change, texts) => {
    expect(orderBadges({ ...base, ...change }).map((b) => b.text)).toEqual(texts);
  });
});
