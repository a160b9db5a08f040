import { CancelStatus, InvoiceType, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import { describe, expect, it, vi } from 'vitest';
import type { ShopOrder } from '../../api/orders.ts';
import { toOrderView } from './order-view.ts';

const base: ShopOrder = {
  id: 7,
  order_number: 'GD2501150101',
  created_at: '2025-01-15T07:05:00Z',
  members_id: 3,
  payment_type: PaymentMethod.Transfer,
  is_payment: false,
  is_shipping: false,
  ship_date: null,
  freight_company: null,
  tracking_number: null,
  status: OrderStatus.Processing,
  goods_amount: 1500,
  shipping: 0,
  use_bonus: 100,
  pay_amount: 1400,
  recv_name: '王小明',
  recv_cellphone: '0911111111',
  recv_address: '106臺北市大安區復興南路一段390號',
  remark: '',
  receipt: JSON.stringify({ type: InvoiceType.Triplicate, tax_id: '53212539', title: '小明設計工作室' }),
  product_info: JSON.stringify([
    { id: 1, name: '阿里山高山烏龍茶', product_specs_name: '150g', spec_id: 11, on_sale_price: 500, qty: 2 },
  ]),
  package_info: '[]',
  bundle_info: '[]',
  virtual_account: null,
  virtual_account_bank_code: null,
  virtual_account_expire_date: null,
  last_number_of_transfer: null,
  is_return: false,
  return_record: null,
  cancel_record: null,
};

describe('toOrderView', () => {
  it('reads the dates in Taipei time in the spec formats', () => {
    const view = toOrderView(base);
    expect(view.listDate).toBe('2025-01-15');
    expect(view.detailDate).toBe('2025-01-15 03:05 PM');
  });

  it('reads the shop’s own line snapshots and the spec’s product_snapshot lines alike', () => {
    const view = toOrderView({
      ...base,
      product_info: [
        { id: 1, name: '烏龍茶', product_specs_name: '150g', on_sale_price: 500, qty: 2 },
        { qty: 1, product_snapshot: { name: '冷泡茶', product_specs_name: '10 入', on_sale_price: 300 } },
      ],
      package_info: JSON.stringify([{ id: 4, name: '茶葉禮盒', on_sale_price: 1200, qty: 1 }]),
    });
    expect(
      view.lines.map(({ name, specName, unitPrice, qty, subtotal }) => ({ name, specName, unitPrice, qty, subtotal })),
    ).toEqual([
      { name: '烏龍茶', specName: '150g', unitPrice: 500, qty: 2, subtotal: 1000 },
      { name: '冷泡茶', specName: '10 入', unitPrice: 300, qty: 1, subtotal: 300 },
    ]);
    expect(view.packages[0]).toMatchObject({ name: '茶葉禮盒', subtotal: 1200 });
  });

  it('logs and ignores malformed order info (spec §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = toOrderView({ ...base, product_info: '{"broken": true}', package_info: 'not json' });
    expect(view.lines).toEqual([]);
    expect(view.packages).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('shows the free-shipping badge only when shipping is 0, and the points spent', () => {
    expect(toOrderView(base)).toMatchObject({ freeShipping: true, useBonus: 100, payAmount: 1400 });
    expect(toOrderView({ ...base, shipping: 100 }).freeShipping).toBe(false);
  });

  it.each([
    [CancelStatus.Canceling, '取消申請中'],
    [CancelStatus.Approve, '已取消'],
    [CancelStatus.Canceled, '取消未核准'],
  ])('cancel record %i reads %s (spec §4)', (status, label) => {
    expect(toOrderView({ ...base, cancel_record: { status } }).cancelLabel).toBe(label);
  });

  it.each([
    [ReturnStatus.Returning, '退貨申請中'],
    [ReturnStatus.Cancel, '退貨已取消'],
  ])('return record %i reads %s (spec §4)', (status, label) => {
    expect(toOrderView({ ...base, return_record: { status } }).returnLabel).toBe(label);
  });

  it('has no record labels without records', () => {
    const view = toOrderView({ ...base, cancel_record: { status: CancelStatus.None } });
    expect(view.cancelLabel).toBe('');
    expect(view.returnLabel).toBe('');
  });

  it('describes payment, shipping, invoice and a convenience-store pickup', () => {
    const view = toOrderView({
      ...base,
      payment_type: PaymentMethod.CashOnDelivery,
      is_shipping: true,
      ship_date: '2025-01-17T02:00:00Z',
      freight_company: '7-ELEVEN 交貨便',
      tracking_number: 'F27394810552',
      delivery_method: 3,
      store_info: JSON.stringify({ chain: 'UNIMART', id: '131386', name: '忠孝敦化門市' }),
    });
    expect(view).toMatchObject({
      paymentLabel: '貨到付款',
      paymentState: '貨到付款',
      shippingState: '已出貨',
      shipDate: '2025-01-17',
      deliveryLabel: '超商取貨',
      store: { chain: '7-ELEVEN', id: '131386', name: '忠孝敦化門市' },
      receipt: '三聯式發票 53212539 小明設計工作室',
    });
  });

  it('keeps the ATM virtual account with its deadline', () => {
    const view = toOrderView({
      ...base,
      payment_type: PaymentMethod.VirtualAccount,
      virtual_account: '9103522175887271',
      virtual_account_bank_code: '822',
      virtual_account_expire_date: '2025-01-18T15:59:59Z',
    });
    expect(view.virtualAccount).toEqual({
      account: '9103522175887271',
      bankCode: '822',
      expires: '2025-01-18 11:59 PM',
    });
    expect(view.paymentState).toBe('未付款');
  });
});
