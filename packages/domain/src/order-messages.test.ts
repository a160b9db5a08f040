import { describe, expect, it } from 'vitest';
import {
  CVS_KIOSK_STEPS,
  maskEmail,
  ORDER_MESSAGE_KINDS,
  orderEmail,
  orderSmsText,
  type OrderMessageFacts,
  type OrderMessageKind,
} from './order-messages.ts';

const base: OrderMessageFacts = {
  shopName: '好物選品',
  orderNumber: '2611261505AB12',
  payAmount: 1280,
  orderUrl: 'https://shop.example.tw/member/orders/2611261505AB12',
};
const payBy = new Date('2026-11-29T10:00:00Z'); // 18:00 in Taipei
/** The shop's bank account for a transfer, due at payBy. */
const transfer: OrderMessageFacts['payment'] = {
  method: 'transfer',
  bankName: '玉山銀行',
  bankCode: '808',
  account: '1234567890123',
  holder: '好物有限公司',
  payBy,
};

/** What each kind tells, with the facts it needs. */
const cases: [string, OrderMessageKind, Partial<OrderMessageFacts>, string][] = [
  [
    'placed, bank transfer',
    'placed',
    { payment: transfer },
    '【好物選品】訂單2611261505AB12已成立，請11/29 18:00前匯款NT$1,280至(808)1234567890123。',
  ],
  [
    'placed, ATM account',
    'placed',
    { payment: { method: 'atm', bankCode: '013', account: '9103522175887271', payBy } },
    '【好物選品】訂單2611261505AB12已成立，請11/29 18:00前以ATM轉帳NT$1,280至(013)9103522175887271。',
  ],
  [
    'placed, 超商代碼: the code to key in at a kiosk',
    'placed',
    { payment: { method: 'cvs', code: 'LLL22251222', payBy } },
    '【好物選品】訂單2611261505AB12已成立，請11/29 18:00前至超商以繳費代碼LLL22251222繳費NT$1,280。',
  ],
  [
    'placed, card: the order page to pay',
    'placed',
    { payment: { method: 'online', label: '信用卡', payBy } },
    '【好物選品】訂單2611261505AB12已成立，應付NT$1,280，請11/29 18:00前至訂單頁以信用卡付款。 https://shop.example.tw/member/orders/2611261505AB12',
  ],
  ['paid', 'paid', {}, '【好物選品】訂單2611261505AB12已收到款項NT$1,280，我們將盡快出貨。'],
  [
    'shipped with a tracking page',
    'shipped',
    {
      parcel: { carrier: '黑貓宅急便', trackingNumber: '905123456789', trackingUrl: 'https://t.example/905123456789' },
    },
    '【好物選品】訂單2611261505AB12已由黑貓宅急便出貨，單號905123456789。 https://t.example/905123456789',
  ],
  [
    'arrived with a deadline',
    'arrived',
    { store: { name: '鑫華', address: '台北市', pickupDeadline: payBy } },
    '【好物選品】訂單2611261505AB12已到鑫華門市，請於11/29 18:00前取貨。',
  ],
  [
    'arrived without a deadline',
    'arrived',
    { store: { name: '鑫華', address: '', pickupDeadline: null } },
    '【好物選品】訂單2611261505AB12已到鑫華門市，請盡快取貨。',
  ],
  [
    'arrived at a store whose name says 門市 already',
    'arrived',
    { store: { name: '忠孝敦化門市', address: '', pickupDeadline: null } },
    '【好物選品】訂單2611261505AB12已到忠孝敦化門市，請盡快取貨。',
  ],
  ['picked up', 'picked_up', {}, '【好物選品】訂單2611261505AB12已取貨，謝謝您的購買。'],
  ['cancelled', 'cancelled', {}, '【好物選品】訂單2611261505AB12已取消。'],
  ['refunded', 'refunded', { refundAmount: 1280 }, '【好物選品】訂單2611261505AB12已退款NT$1,280。'],
  [
    'return approved',
    'return_approved',
    { refundAmount: 500 },
    '【好物選品】訂單2611261505AB12的退貨已核准，將退款NT$500。',
  ],
];

describe('orderSmsText', () => {
  it.each(cases)('%s', (_name, kind, facts, text) => {
    expect(orderSmsText(kind, { ...base, ...facts })).toBe(text);
  });

  // An ATM account (16 digits) beside the order number leaves no room: that one goes as a long SMS.
  it.each(cases.filter(([name]) => !name.includes('ATM')))('%s fits one SMS, the link aside', (_name, kind, facts) => {
    const text = orderSmsText(kind, { ...base, ...facts }).replace(/ https?:\/\/\S+$/, '');
    expect([...text].length).toBeLessThanOrEqual(70);
  });

  it('says nothing of money for an order the points paid in full', () => {
    const free = { ...base, payAmount: 0, payment: { method: 'none' as const } };
    expect(orderSmsText('placed', free)).toBe('【好物選品】訂單2611261505AB12已成立。');
    expect(orderSmsText('paid', free)).toBe('【好物選品】訂單2611261505AB12已付款完成，我們將盡快出貨。');
  });

  it('cuts a long shop name so the facts still fit', () => {
    const text = orderSmsText('paid', { ...base, shopName: '非常非常長的選品生活雜貨店名' });
    expect(text.startsWith('【非常非常長的選品】')).toBe(true);
  });
});

describe('orderEmail', () => {
  it.each(ORDER_MESSAGE_KINDS.map((k) => [k]))('%s has a subject naming the order, a text and an HTML part', (kind) => {
    const mail = orderEmail(kind, base);
    expect(mail.subject).toContain('2611261505AB12');
    expect(mail.text).toContain(base.orderUrl);
    expect(mail.html).toContain('<meta name="viewport"');
    expect(mail.html).not.toMatch(/<style|<link/);
  });

  it('tells the transfer account, the holder and the deadline in both parts', () => {
    const mail = orderEmail('placed', { ...base, payment: transfer });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('1234567890123');
      expect(part).toContain('好物有限公司');
      expect(part).toContain('2026-11-29 18:00');
    }
  });

  it('links the tracking page and still the order page when shipped', () => {
    const mail = orderEmail('shipped', {
      ...base,
      parcel: { carrier: '黑貓宅急便', trackingNumber: '905123456789', trackingUrl: 'https://t.example/905123456789' },
    });
    expect(mail.html).toContain('href="https://t.example/905123456789"');
    expect(mail.html).toContain(`href="${base.orderUrl}"`);
  });

  it('escapes what the shop typed', () => {
    const mail = orderEmail('shipped', {
      ...base,
      shopName: '<b>店</b>',
      parcel: { carrier: '"><script>x</script>', trackingNumber: '1', trackingUrl: null },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>店</b>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('maskEmail', () => {
  it.each([
    ['wang.ming@example.com', 'w***@example.com'],
    ['a@b.tw', 'a***@b.tw'],
    ['broken', '***'],
  ])('%s → %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe('the 超商代碼 email', () => {
  it('names the code, its deadline and the kiosk steps', () => {
    const mail = orderEmail('placed', { ...base, payment: { method: 'cvs', code: 'LLL22251222', payBy } });
    expect(mail.text).toContain('LLL22251222');
    expect(mail.text).toContain('付款期限：2026-11-29 18:00');
    expect(mail.text).toContain(CVS_KIOSK_STEPS);
  });
});
