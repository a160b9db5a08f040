import { OrderStatus, PaymentMethod } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { OrderForMessage } from '../orders/index.ts';
import { messageFactsOf, orderPageUrl, paymentInstructionsOf } from './order-message-facts.ts';

const placedAt = new Date('2026-11-26T04:00:00Z');
const order = (values: Partial<OrderForMessage> = {}): OrderForMessage => ({
  id: 1,
  orderNumber: '2611261200AB12',
  memberId: 3,
  cellphone: '0912345678',
  payAmount: 1280,
  paymentType: PaymentMethod.Transfer,
  status: OrderStatus.Processing,
  isPayment: false,
  isShipping: false,
  createdAt: placedAt,
  virtualAccount: null,
  paymentCode: null,
  barcodesExpireAt: null,
  lastNumberOfTransfer: null,
  cancelStatus: null,
  freightCompany: '',
  trackingNumber: '',
  store: null,
  pickupDeadline: null,
  returnRefundAmount: null,
  ...values,
});
const bank = { name: '玉山銀行', code: '808', account: '0123456789012', holder: '好物小舖有限公司' };
const in72h = new Date(placedAt.getTime() + 72 * 3_600_000);
const in24h = new Date(placedAt.getTime() + 24 * 3_600_000);
const expiry = new Date('2026-11-29T15:59:59Z');

describe('paymentInstructionsOf', () => {
  it.each<[string, Partial<OrderForMessage>, typeof bank | null, unknown]>([
    [
      'a transfer: the shop’s account, three days',
      {},
      bank,
      { method: 'transfer', account: '0123456789012', payBy: in72h },
    ],
    ['a transfer before the shop saved an account: the order page', {}, null, { method: 'online', label: '銀行轉帳' }],
    [
      'an ATM order with its account: the account and its expiry',
      {
        paymentType: PaymentMethod.VirtualAccount,
        virtualAccount: { account: '80123456789012', bankCode: '822', expiresAt: expiry },
      },
      bank,
      { method: 'atm', bankCode: '822', account: '80123456789012', payBy: expiry },
    ],
    [
      'an ATM order still waiting for its account',
      { paymentType: PaymentMethod.VirtualAccount },
      bank,
      { method: 'atm_pending' },
    ],
    [
      'a 超商代碼 order with its code: the code and its deadline',
      { paymentType: PaymentMethod.CvsCode, paymentCode: { code: 'LLL22251222', expiresAt: expiry } },
      bank,
      { method: 'cvs', code: 'LLL22251222', payBy: expiry },
    ],
    [
      'a 超商代碼 order still waiting for its code: the order page, three days',
      { paymentType: PaymentMethod.CvsCode },
      bank,
      { method: 'online', label: '超商代碼繳費', payBy: in72h },
    ],
    [
      'a card order: the order page, a day',
      { paymentType: PaymentMethod.Credit },
      bank,
      { method: 'online', label: '信用卡', payBy: in24h },
    ],
    ['LINE Pay', { paymentType: PaymentMethod.LinePay }, bank, { method: 'online', label: 'LINE Pay' }],
    ['cash on delivery', { paymentType: PaymentMethod.CashOnDelivery }, bank, { method: 'cash_on_delivery' }],
    ['paid already (points)', { isPayment: true, payAmount: 0 }, bank, { method: 'none' }],
  ])('%s', (_what, values, account, expected) => {
    expect(paymentInstructionsOf(order(values), account)).toMatchObject(expected as object);
  });
});

describe('messageFactsOf', () => {
  it('links a member’s order page, a guest’s order lookup', () => {
    expect(orderPageUrl(order(), 'https://shop.example.tw')).toBe(
      'https://shop.example.tw/member/orders/2611261200AB12',
    );
    expect(orderPageUrl(order({ memberId: null }), 'https://shop.example.tw')).toBe(
      'https://shop.example.tw/searching-order',
    );
  });

  it('gives a known carrier’s tracking page, none for another', () => {
    const shop = { shopName: '好物小舖', bank };
    const tcat = messageFactsOf(
      'shipped',
      order({ freightCompany: '黑貓宅急便', trackingNumber: '9051' }),
      shop,
      'https://x.tw',
    );
    expect(tcat.parcel?.trackingUrl).toBe('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=9051');
    const other = messageFactsOf(
      'shipped',
      order({ freightCompany: '自行配送', trackingNumber: '1' }),
      shop,
      'https://x.tw',
    );
    expect(other.parcel).toEqual({ carrier: '自行配送', trackingNumber: '1', trackingUrl: null });
  });

  it('tells the refund: a return’s amount, else what was paid', () => {
    const shop = { shopName: '', bank: null };
    expect(messageFactsOf('refunded', order({ returnRefundAmount: 500 }), shop, '').refundAmount).toBe(500);
    expect(messageFactsOf('refunded', order(), shop, '').refundAmount).toBe(1280);
  });
});
