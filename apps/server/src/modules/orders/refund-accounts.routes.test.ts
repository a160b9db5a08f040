// Issue 20 item 7 (docs/decisions/048): a cancel or return request of an order paid by transfer, ATM or
// cash on delivery names the account the refund goes to; card and LINE Pay refunds need none.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CancelStatus, OrderStatus, PaymentMethod, refundMsg, ReturnStatus } from '@shop/domain';
import { orderCancelRecords, orderEvents, orderReturnRecords, uploads } from '../../db/schema/index.ts';
import { insertMember, insertShopOrder, useOrderTestApp } from './order-fixtures.ts';

/** 2026-06-10 12:00 in Taipei. */
const NOW = new Date('2026-06-10T04:00:00Z');

const t = useOrderTestApp({ now: () => NOW, settings: { returnDays: 7 } });

const paidTransfer = { isPayment: true, paidAt: new Date('2026-06-09T02:00:00Z'), paymentType: PaymentMethod.Transfer };
const shippedCod = {
  paymentType: PaymentMethod.CashOnDelivery,
  isShipping: true,
  shipDate: new Date('2026-06-08T09:00:00+08:00'),
  status: OrderStatus.Complete,
  freightCompany: '黑貓宅急便',
  trackingNumber: '905512348876',
};
const account = { bank_code: '822', account: '1234-5678-9012', holder: '王小明' };
const stored = { bank_code: '822', account: '123456789012', holder: '王小明' };

/** The member's cancel request of the order, with `extra` (the refund account) over a valid form. */
const requestCancel = (memberId: number, orderId: number, extra: Record<string, unknown> = {}) =>
  t.asMember(memberId, 'POST', '/api/v1/order-cancel-records', {
    orders_id: orderId,
    contact_phone: '0912345678',
    reason: '買錯尺寸了',
    ...extra,
  });
const cancelRecordsOf = (orderId: number) =>
  t.db.select().from(orderCancelRecords).where(eq(orderCancelRecords.orderId, orderId));

async function returnBody(memberId: number, orderId: number, extra: Record<string, unknown> = {}) {
  const name = `members/2026/06/refund-${memberId}-${Math.random().toString(36).slice(2)}.webp`;
  await t.db.insert(uploads).values({ name, mime: 'image/webp', size: 1, ownerMemberId: memberId });
  return {
    orders_id: orderId,
    contact_person: '王小明',
    contact_phone: '0912345678',
    spec: '阿里山高山烏龍茶 150g 一包',
    reason: '收到時包裝破損',
    pic: JSON.stringify([name]),
    ...extra,
  };
}

const eventsOf = (orderId: number) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

describe('a cancel request of a paid bank-transfer order', () => {
  it('is refused without a refund account (400, zh-TW), and nothing changes', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paidTransfer);
    const before = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(before.actions).toMatchObject({ cancel: 'request', refund_account: true });
    const eventsBefore = await eventsOf(order.id);

    for (const missing of [{}, { refund_account: null }]) {
      const res = await requestCancel(member, order.id, missing);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        msg: refundMsg.accountRequired,
        errors: [{ field: 'refund_account', msg: refundMsg.accountRequired }],
      });
    }
    expect(await cancelRecordsOf(order.id)).toEqual([]);
    expect(await eventsOf(order.id)).toEqual(eventsBefore);
    const after = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(after).toMatchObject({ cancel_record: null, actions: { cancel: 'request' } });
  });

  it.each([
    ['a bank not in the list', { bank_code: '999' }, 'refund_account.bank_code', refundMsg.bankUnknown],
    ['an account of 9 digits', { account: '123456789' }, 'refund_account.account', refundMsg.accountFormat],
    ['letters in the account', { account: '12345678901A' }, 'refund_account.account', refundMsg.accountFormat],
    ['no holder', { holder: ' ' }, 'refund_account.holder', refundMsg.holderRequired],
  ])('is refused with %s (400 on the field)', async (_, change, field, message) => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paidTransfer);
    const res = await requestCancel(member, order.id, { refund_account: { ...account, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, msg: message }]);
    expect(await cancelRecordsOf(order.id)).toEqual([]);
  });

  it('stores a valid account (digits only) and shows it in full to the member and the shop, masked in lists', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paidTransfer);
    const res = await requestCancel(member, order.id, { refund_account: account });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: CancelStatus.Canceling,
      refund_account: { ...stored, masked: false },
    });
    const [row] = await cancelRecordsOf(order.id);
    expect(row).toMatchObject({ refundBankCode: '822', refundAccount: '123456789012', refundHolder: '王小明' });

    // The order's own page: in full.
    const page = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id-and-order-number/member/${member}/number/${order.orderNumber}`,
    );
    expect(page.json().data.cancel_record.refund_account).toEqual({ ...stored, masked: false });
    const one = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`);
    expect(one.json().data.cancel_record.refund_account).toEqual({ ...stored, masked: false });

    // Lists: masked.
    const masked = { bank_code: '822', account: '********9012', holder: '王*明', masked: true };
    const orders = await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${member}`);
    expect(orders.json().data[0].cancel_record.refund_account).toEqual(masked);
    const records = await t.asMember(member, 'GET', `/api/v1/order-cancel-records-by-members-id/${member}`);
    expect(records.json().data[0].refund_account).toEqual(masked);
    const lookup = await t.asMember(member, 'GET', '/api/v1/order-cancel-records-by-orders-cellphone/0912345678');
    expect(lookup.json().data.find((r: { orders_id?: number }) => r.orders_id === order.id).refund_account).toEqual(
      masked,
    );
    expect(JSON.stringify([orders.json(), records.json(), lookup.json()])).not.toContain('123456789012');

    // The shop's order page: in full, for staff and owner.
    const admin = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.cancel_record.refund_account).toEqual({ ...stored, masked: false });
  });

  it('cannot be read by another member', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db, { cellPhone: '0922333444' });
    const order = await insertShopOrder(t.db, member, paidTransfer);
    await requestCancel(member, order.id, { refund_account: account });

    expect((await t.asMember(other, 'GET', `/api/v1/orders/${order.id}`)).statusCode).toBe(403);
    expect((await t.asMember(other, 'GET', `/api/v1/order-cancel-records-by-members-id/${member}`)).statusCode).toBe(
      403,
    );
    expect((await t.asMember(other, 'GET', `/api/v1/orders-by-members-id/${member}`)).statusCode).toBe(403);
    // The lookup by the buyer's phone, as another member and as a guest: the masked record, no account at all.
    for (const res of [
      await t.asMember(other, 'GET', '/api/v1/order-cancel-records-by-orders-cellphone/0912345678'),
      await t.guest('GET', '/api/v1/order-cancel-records-by-orders-cellphone/0912345678'),
      await t.asMember(other, 'GET', '/api/v1/orders-by-members-cellphone/0912345678'),
    ]) {
      expect(res.statusCode).toBe(200);
      const text = res.body;
      expect(text).not.toContain('9012');
      expect(text).not.toContain('refund_account');
    }
  });
});

describe('an ATM order', () => {
  it('asks for the account too once paid', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, { ...paidTransfer, paymentType: PaymentMethod.VirtualAccount });
    const missing = await requestCancel(member, order.id);
    expect(missing.statusCode).toBe(400);
    const res = await requestCancel(member, order.id, {
      refund_account: { bank_code: '700', account: '0001234 5678901', holder: '林美玲' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.refund_account).toEqual({
      bank_code: '700',
      account: '00012345678901',
      holder: '林美玲',
      masked: false,
    });
  });
});

describe('a card order', () => {
  it('needs no account: its refund goes back through the provider, and one sent is not kept', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, { ...paidTransfer, paymentType: PaymentMethod.Credit });
    const detail = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(detail.actions).toMatchObject({ cancel: 'request', refund_account: false });
    const res = await requestCancel(member, order.id, { refund_account: account });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.refund_account).toBeNull();
    const [row] = await cancelRecordsOf(order.id);
    expect(row).toMatchObject({ refundBankCode: null, refundAccount: null, refundHolder: null });
  });
});

describe('a return of a cash-on-delivery order', () => {
  it('needs the account: refused without it, stored with it, shown to the shop', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedCod);
    const detail = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(detail.actions).toMatchObject({ return: true, refund_account: true });

    const missing = await t.asMember(
      member,
      'POST',
      '/api/v1/order-return-records',
      await returnBody(member, order.id),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(refundMsg.accountRequired);
    expect(await t.db.select().from(orderReturnRecords).where(eq(orderReturnRecords.orderId, order.id))).toEqual([]);

    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/order-return-records',
      await returnBody(member, order.id, { refund_account: account }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: ReturnStatus.Returning,
      refund_account: { ...stored, masked: false },
    });
    const admin = await t.asStaff('owner', 'GET', `/api/v1/admin/orders/${order.id}`);
    expect(admin.json().data.return_record.refund_account).toEqual({ ...stored, masked: false });
    const list = await t.asMember(member, 'GET', `/api/v1/order-return-records-by-members-id/${member}`);
    expect(list.json().data[0].refund_account).toMatchObject({ account: '********9012', masked: true });
  });
});

describe('the database', () => {
  it('keeps a refund account whole: a bank code without digits is refused', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paidTransfer);
    await expect(
      t.db.insert(orderCancelRecords).values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        contactPhone: '0912345678',
        reason: '測試',
        refundBankCode: '822',
      }),
    ).rejects.toThrow();
  });
});
