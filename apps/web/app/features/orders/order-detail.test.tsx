// @vitest-environment jsdom
import { InvoiceType, OrderStatus, PaymentMethod, type OrderView as OrderAnswer } from '@shop/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDetail } from './order-detail.tsx';
import { placedOrder } from './order-fixtures.ts';
import { toOrderView } from './order-view.ts';

afterEach(cleanup);

/** A card-paid order on its way to the shopper by 黑貓宅急便. */
const shipped: OrderAnswer = {
  ...placedOrder,
  payment_type: PaymentMethod.Credit,
  status: OrderStatus.Complete,
  shopper_state: 'shipped',
  is_payment: true,
  is_shipping: true,
  ship_date: '2025-01-16T16:00:00Z',
  paid_at: '2025-01-15T07:06:00Z',
  freight_company: '黑貓宅急便',
  tracking_number: '905512348876',
  goods_amount: 1000,
  use_bonus: 0,
  pay_amount: 1000,
  receipt: { type: InvoiceType.Duplicate },
  product_info: [],
  return_deadline: '2025-01-24T15:59:59.999Z',
  actions: { cancel: null, return: true, notify_transfer: false, pay: false, refund_account: false },
};

function renderOrder(order: OrderAnswer) {
  render(
    <MemoryRouter>
      <OrderDetail order={toOrderView(order)} backHref="/member/orders" backLabel="返回訂單列表" />
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: '付款與配送' }));
}

describe('OrderDetail tracking number', () => {
  it("links to the carrier's page of this parcel in a new tab", () => {
    const payment = renderOrder(shipped);
    const link = payment.getByRole('link', { name: '查詢物流（另開新視窗）' });
    expect(link.getAttribute('href')).toBe('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=905512348876');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(payment.getByText('905512348876')).toBeTruthy();
    expect(payment.queryByRole('button', { name: '複製貨運單號' })).toBeNull();
  });

  it('links to a search page and keeps the number copyable when the page cannot take it', () => {
    const payment = renderOrder({ ...shipped, freight_company: '7-ELEVEN 交貨便', tracking_number: 'F27394810552' });
    expect(payment.getByRole('link', { name: '查詢物流（另開新視窗）' }).getAttribute('href')).toBe(
      'https://eservice.7-11.com.tw/e-tracking/search.aspx',
    );
    expect(payment.getByRole('button', { name: '複製貨運單號' })).toBeTruthy();
  });

  it('shows the number as plain text for a carrier it does not know', () => {
    const payment = renderOrder({ ...shipped, freight_company: '嘉里大榮物流', tracking_number: '12345' });
    expect(payment.getByText('12345')).toBeTruthy();
    expect(payment.queryByRole('link', { name: /查詢物流/ })).toBeNull();
  });
});

describe('OrderStates', () => {
  const chips = () =>
    within(screen.getByRole('list', { name: '訂單狀態' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('says a parcel on its way is shipped, once, not completed', () => {
    renderOrder(shipped);
    expect(chips()).toEqual(['已出貨', '已付款']);
  });

  it('says completed once the return window has closed', () => {
    renderOrder({ ...shipped, shopper_state: 'completed', actions: { ...shipped.actions, return: false } });
    expect(chips()).toEqual(['已完成', '已付款', '已出貨']);
  });
});

describe('電子發票', () => {
  const invoice = {
    status: 'issued' as const,
    invoice_no: 'AB12345678',
    invoice_date: '2025-01-15T07:10:00Z',
    random_number: '6868',
    amount: 1000,
    voided_at: null,
    allowances: [],
  };
  const section = () => within(screen.getByRole('region', { name: '電子發票' }));

  it('shows the number, when it was made, the random code and the state', () => {
    renderOrder({ ...shipped, e_invoice: invoice });
    const facts = section();
    expect(facts.getByText('AB12345678')).toBeTruthy();
    expect(facts.getByText('2025-01-15 15:10')).toBeTruthy();
    expect(facts.getByText('6868')).toBeTruthy();
    expect(facts.getByText('已開立')).toBeTruthy();
    expect(facts.queryByRole('table')).toBeNull();
  });

  it('lists the allowances with their number, amount and time', () => {
    renderOrder({
      ...shipped,
      e_invoice: {
        ...invoice,
        allowances: [
          {
            allowance_no: '2025011615300001',
            amount: 400,
            allowance_date: '2025-01-16T07:30:00Z',
            status: 'issued',
            reason: 'return',
          },
        ],
      },
    });
    const table = within(section().getByRole('table', { name: '折讓紀錄' }));
    const row = within(table.getByRole('row', { name: /2025011615300001/ }));
    expect(row.getByText('NT$400')).toBeTruthy();
    expect(row.getByText('2025-01-16 15:30')).toBeTruthy();
    expect(row.getByText('已折讓')).toBeTruthy();
    expect(row.getByText('退貨')).toBeTruthy();
  });

  it('says a pending invoice is being issued, without a number, and nothing before one is asked for', () => {
    renderOrder({
      ...shipped,
      e_invoice: { ...invoice, status: 'failed', invoice_no: null, invoice_date: null, random_number: null },
    });
    expect(section().getByText('開立中')).toBeTruthy();
    expect(section().queryByText('發票號碼')).toBeNull();
    cleanup();
    renderOrder({ ...shipped, e_invoice: null });
    expect(screen.queryByRole('region', { name: '電子發票' })).toBeNull();
  });
});
