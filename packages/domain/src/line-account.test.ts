import { describe, expect, it } from 'vitest';
import { lineLoginErrorText } from './line-account.ts';
import { orderLineText, type OrderMessageFacts } from './order-messages.ts';

const facts: OrderMessageFacts = {
  shopName: '好日子選物',
  orderNumber: 'S20261201001',
  payAmount: 1280,
  orderUrl: 'https://shop.example.tw/member/orders/S20261201001',
};

describe('orderLineText', () => {
  it.each<[string, Parameters<typeof orderLineText>[0], Partial<OrderMessageFacts>, string]>([
    [
      'paid',
      'paid',
      {},
      '【好日子選物】訂單S20261201001已收到款項NT$1,280，我們將盡快出貨。\n查看訂單：https://shop.example.tw/member/orders/S20261201001',
    ],
    [
      'shipped, with the tracking page first',
      'shipped',
      { parcel: { carrier: '黑貓宅急便', trackingNumber: '9012', trackingUrl: 'https://track.example/9012' } },
      '【好日子選物】訂單S20261201001已由黑貓宅急便出貨，單號9012。\n查詢貨態：https://track.example/9012\n查看訂單：https://shop.example.tw/member/orders/S20261201001',
    ],
    [
      'cancelled',
      'cancelled',
      {},
      '【好日子選物】訂單S20261201001已取消。\n查看訂單：https://shop.example.tw/member/orders/S20261201001',
    ],
  ])('%s: the order number and the link to its page', (_what, kind, more, text) => {
    expect(orderLineText(kind, { ...facts, ...more })).toBe(text);
  });
});

describe('lineLoginErrorText', () => {
  it.each([
    ['state', 'LINE 登入已逾時或連結已使用過，請重新操作一次'],
    ['taken', '此 LINE 帳號已綁定其他會員'],
    ['toString', ''],
    ['', ''],
    [null, ''],
  ])('%s → %s', (code, text) => {
    expect(lineLoginErrorText(code)).toBe(text);
  });
});
