import {
  CancelStatus,
  DeliveryMethod,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
  type MaskedOrderView,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { placedOrder } from './order-fixtures.ts';
import { toOrderView } from './order-view.ts';

const base = placedOrder;

const record = {
  id: 1,
  contact_phone: '0911111111',
  reason: '',
  refund_account: null,
  created_at: '2025-01-16T00:00:00Z',
  handled_at: null,
};
const returnRecord = { ...record, contact_person: '王小明', spec: '', pic: [] };

describe('toOrderView', () => {
  it('reads the dates in Taipei time on a 24-hour clock, as the back office does', () => {
    const view = toOrderView(base);
    expect(view.listDate).toBe('2025-01-15');
    expect(view.detailDate).toBe('2025-01-15 15:05');
  });

  it('shows each line at its sale price when ordered, with its spec and subtotal', () => {
    const view = toOrderView({
      ...base,
      package_info: [
        {
          id: 4,
          name: '茶葉禮盒',
          on_sale_price: 1200,
          unit_price: 1200,
          qty: 1,
          product_snapshot: { name: '茶葉禮盒', on_sale_price: 1200 },
        },
      ],
    });
    expect(
      view.lines.map(({ name, specName, unitPrice, qty, subtotal }) => ({ name, specName, unitPrice, qty, subtotal })),
    ).toEqual([{ name: '阿里山高山烏龍茶', specName: '150g', unitPrice: 500, qty: 2, subtotal: 1000 }]);
    expect(view.packages[0]).toMatchObject({ name: '茶葉禮盒', specName: '', subtotal: 1200 });
  });

  it('shows the free-shipping badge only when the server says shipping is free, and the points spent', () => {
    expect(toOrderView(base)).toMatchObject({ freeShipping: true, useBonus: 100, payAmount: 1400 });
    expect(toOrderView({ ...base, shipping: 100, free_shipping: false }).freeShipping).toBe(false);
  });

  it.each([
    [CancelStatus.Canceling, '取消申請中'],
    [CancelStatus.Approve, '已取消'],
    [CancelStatus.Canceled, '取消未核准'],
  ])('cancel record %i reads %s (spec §4)', (status, label) => {
    expect(toOrderView({ ...base, cancel_record: { ...record, status } }).cancelLabel).toBe(label);
  });

  it.each([
    [ReturnStatus.Returning, '退貨申請中'],
    [ReturnStatus.Cancel, '退貨已取消'],
  ])('return record %i reads %s (spec §4)', (status, label) => {
    expect(toOrderView({ ...base, return_record: { ...returnRecord, status } }).returnLabel).toBe(label);
  });

  it('has no record labels without records', () => {
    const view = toOrderView({ ...base, cancel_record: { ...record, status: CancelStatus.None } });
    expect(view.cancelLabel).toBe('');
    expect(view.returnLabel).toBe('');
  });

  it('offers what the server offers, and nothing on a masked order', () => {
    expect(toOrderView(base).actions).toEqual({
      cancel: 'direct',
      return: false,
      notifyTransfer: true,
      pay: false,
      refundAccount: false,
    });
    const { id: _id, members_id: _member, actions: _actions, ...shared } = base;
    const masked: MaskedOrderView = {
      ...shared,
      store: null,
      cancel_record: null,
      return_record: null,
      masked: true,
    };
    const view = toOrderView(masked);
    expect(view).toMatchObject({ id: null, masked: true, membersId: null, remark: '', receipt: '' });
    expect(view.actions).toEqual({
      cancel: null,
      return: false,
      notifyTransfer: false,
      pay: false,
      refundAccount: false,
    });
  });

  it('shows the refund account of a request still leading to a refund, not of a refused one', () => {
    const account = { bank_code: '822', account: '123456789012', holder: '王小明', masked: false };
    const cancel = (status: CancelStatus) =>
      toOrderView({ ...base, cancel_record: { ...record, status, refund_account: account } });
    expect(cancel(CancelStatus.Canceling).refundAccount).toBe('822 中國信託 123456789012 王小明');
    expect(cancel(CancelStatus.Approve).refundAccount).toBe('822 中國信託 123456789012 王小明');
    expect(cancel(CancelStatus.Canceled).refundAccount).toBe('');
    const returned = toOrderView({
      ...base,
      cancel_record: { ...record, status: CancelStatus.Canceled, refund_account: account },
      return_record: {
        ...returnRecord,
        status: ReturnStatus.Returning,
        refund_account: { ...account, bank_code: '700' },
      },
    });
    expect(returned.refundAccount).toBe('700 中華郵政 123456789012 王小明');
    expect(toOrderView(base).refundAccount).toBe('');
  });

  it('says where the parcel is as ECPay reported it, with the pickup deadline at the store (issue 17 item 3)', () => {
    const shipped = { ...base, is_shipping: true, ship_date: '2026-11-20T02:00:00Z', status: OrderStatus.Complete };
    expect(
      toOrderView({ ...shipped, shopper_state: 'arrived', pickup_deadline: '2026-11-29T15:59:59.999Z' }),
    ).toMatchObject({ shippingState: '已到店', pickupDeadline: '2026-11-29', receivedAt: '' });
    expect(toOrderView({ ...shipped, shopper_state: 'picked_up', received_at: '2026-11-24T06:30:00Z' })).toMatchObject({
      shippingState: '已取貨',
      pickupDeadline: '',
      receivedAt: expect.stringMatching(/^2026-11-24/),
    });
    expect(toOrderView({ ...shipped, shopper_state: 'shipped' }).shippingState).toBe('已出貨');
  });

  it('describes payment, shipping, invoice and a convenience-store pickup', () => {
    const view = toOrderView({
      ...base,
      payment_type: PaymentMethod.CashOnDelivery,
      is_shipping: true,
      ship_date: '2025-01-17T02:00:00Z',
      freight_company: '7-ELEVEN 交貨便',
      tracking_number: 'F27394810552',
      delivery_method: DeliveryMethod.ConvenienceStore,
      store: { chain: 'UNIMART', id: '131386', name: '忠孝敦化門市', address: '臺北市大安區忠孝東路四段181號' },
    });
    expect(view).toMatchObject({
      paymentLabel: '貨到付款',
      paymentState: '貨到付款',
      shippingState: '已出貨',
      shipDate: '2025-01-17',
      // 交貨便's search page asks for the number: the link does not carry it.
      tracking: { url: 'https://eservice.7-11.com.tw/e-tracking/search.aspx', numberInUrl: false },
      deliveryLabel: '超商取貨',
      store: { chain: '7-ELEVEN', id: '131386', name: '忠孝敦化門市', address: '臺北市大安區忠孝東路四段181號' },
      receipt: '三聯式發票 53212539 小明設計工作室',
    });
  });

  it.each([
    ['placed', OrderStatus.Processing, '處理中'],
    ['paid', OrderStatus.Processing, '處理中'],
    // issue 20 item 8c: shipping sets Complete, but the parcel is on its way until the return window closes.
    ['shipped', OrderStatus.Complete, '已出貨'],
    ['completed', OrderStatus.Complete, '已完成'],
    ['cancelled', OrderStatus.Cancel, '已取消'],
  ] as const)('an order the server calls %s with status %i reads %s', (state, status, label) => {
    expect(toOrderView({ ...base, status, shopper_state: state }).statusLabel).toBe(label);
  });

  it('keeps the ATM virtual account with its bank named and its deadline', () => {
    const view = toOrderView({
      ...base,
      payment_type: PaymentMethod.VirtualAccount,
      virtual_account: '9103522175887271',
      virtual_account_bank_code: '822',
      virtual_account_expire_date: '2025-01-18T15:59:59Z',
    });
    expect(view.virtualAccount).toEqual({
      account: '9103522175887271',
      bank: '822 中國信託',
      expires: '2025-01-18 23:59',
    });
    expect(view.paymentState).toBe('未付款');
  });

  it('keeps the 超商代碼 with its deadline', () => {
    const view = toOrderView({
      ...base,
      payment_type: PaymentMethod.CvsCode,
      payment_code: 'LLL22251222',
      payment_code_expire_date: '2025-01-22T04:00:00Z',
    });
    expect(view.paymentCode).toEqual({ code: 'LLL22251222', expires: '2025-01-22 12:00' });
    expect(view.paymentLabel).toBe('超商代碼繳費');
  });

  it('lists when the order reached each state, on the order page', () => {
    const view = toOrderView({ ...base, timeline: [{ state: 'placed', created_at: '2025-01-15T07:05:00Z' }] });
    expect(view.timeline).toEqual([{ key: '0-placed', label: expect.any(String), at: '2025-01-15 15:05' }]);
  });
});
