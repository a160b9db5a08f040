// @vitest-environment jsdom
import { DeliveryMethod, PaymentMethod } from '@shop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { asLoggedInMember } from '../after-sales/test-member-api.ts';
import type { CartLineView, CheckoutOffers } from './cart-view.ts';
import MemberCheckout from './member-checkout.tsx';

asLoggedInMember();

const LINES: CartLineView[] = [
  {
    key: 'p-1',
    kind: 'product',
    id: 1,
    itemId: 11,
    specId: 111,
    name: '阿里山高山烏龍茶',
    specName: '150g',
    image: '',
    href: '/products?t=1&sn=11',
    salePrice: 980,
    listPrice: 1200,
    qty: 2,
    maxQty: 999,
    problem: '',
  },
];

const OFFERS: CheckoutOffers = {
  bundles: [],
  celebrity: null,
  shipping: { shippingFee: 100, lowTempShippingFee: 160, freeShippingThreshold: 3000 },
  paymentMethods: [1, 3, 2, 5, 6],
  installmentPlan: { counts: [3, 6], min_amount: 2000 },
};

const MEMBER = {
  name: '王小明',
  cellPhone: '0911111111',
  city: '台北市',
  area: '大安區',
  address: '復興南路一段390號',
  bonus: 500,
};

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * A fetch answering POST /orders from `answers` in turn (an Error = the network failed). The live
 * quote (POST /orders-preview, asked 250 ms after the last change) is answered 503 and not counted:
 * the page keeps its own estimate, however slowly the machine runs the test.
 */
function stubOrders(answers: Array<{ status: number; body: unknown } | Error>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/orders-preview')) return new Response('{"code":503,"msg":"busy"}', { status: 503 });
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ${url}`);
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

function renderCheckout() {
  const Stub = createRoutesStub([
    {
      path: '/cart',
      Component: () => <MemberCheckout lines={LINES} member={MEMBER} code="DEMOKOL" offers={OFFERS} cartLines={null} />,
    },
    { path: '/payment/result', Component: () => <p>結果頁</p> },
  ]);
  render(<Stub initialEntries={['/cart']} />);
}

const form = () => screen.getByRole('form', { name: '結帳資料' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '確認訂購' }));
const choose = (name: RegExp | string) => fireEvent.click(within(form()).getByRole('radio', { name }));

const ORDER = {
  id: 42,
  order_number: 'GD2506010001',
  payment_type: PaymentMethod.Transfer,
  is_payment: false,
  pay_amount: 2060,
};

describe('MemberCheckout', () => {
  it('starts from the member’s own name, phone and address, and prices the cart as the order will', () => {
    renderCheckout();
    expect((within(form()).getByLabelText(/收件人姓名/) as HTMLInputElement).value).toBe('王小明');
    expect((within(form()).getByLabelText(/縣市/) as HTMLSelectElement).value).toBe('臺北市');
    expect((within(form()).getByLabelText(/鄉鎮市區/) as HTMLSelectElement).value).toBe('大安區');
    expect((within(form()).getByLabelText('郵遞區號') as HTMLInputElement).value).toBe('106');
    const totals = screen.getByRole('region', { name: '訂單金額' });
    expect(within(totals).getByText('NT$1,960')).toBeTruthy();
    expect(within(totals).getByText('NT$100')).toBeTruthy();
    expect(within(totals).getByText('NT$2,060')).toBeTruthy();
  });

  it('asks for a payment method before sending anything', async () => {
    const calls = stubOrders([]);
    renderCheckout();
    submit();
    expect(await screen.findByText('請選擇付款方式')).toBeTruthy();
    expect(screen.getByText('請修正標示的欄位後再送出')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the choices with an Idempotency-Key and no price, then shows the order’s payment step', async () => {
    const calls = stubOrders([{ status: 201, body: { code: 201, data: ORDER } }]);
    renderCheckout();
    choose(/^銀行轉帳/);
    choose('三聯式（公司）');
    fireEvent.change(within(form()).getByLabelText(/統一編號/), { target: { value: '53212539' } });
    fireEvent.change(within(form()).getByLabelText(/公司抬頭/), { target: { value: '小明設計工作室' } });
    fireEvent.change(within(form()).getByLabelText(/使用紅利點數/), { target: { value: '100' } });
    submit();
    expect(await screen.findByText('結果頁')).toBeTruthy();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('/api/v1/orders');
    expect(call!.headers.get('authorization')).toBe('Bearer member-token');
    expect(call!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.body).toEqual({
      payment_type: PaymentMethod.Transfer,
      delivery_method: DeliveryMethod.GeneralHome,
      recv_name: '王小明',
      recv_cellphone: '0911111111',
      recv_address: '106臺北市大安區復興南路一段390號',
      store: null,
      receipt: { type: 2, tax_id: '53212539', title: '小明設計工作室' },
      use_bonus: 100,
      remark: '',
      code: 'DEMOKOL',
      coupon_code: null,
      installments: null,
    });
  });

  it('offers a card’s installments from the owner’s amount, each instalment priced as ECPay splits it', async () => {
    const calls = stubOrders([
      { status: 201, body: { code: 201, data: { ...ORDER, payment_type: PaymentMethod.Credit } } },
    ]);
    renderCheckout();
    expect(within(form()).queryByLabelText('信用卡分期')).toBeNull();
    choose(/^信用卡$|^信用卡經綠界/);
    const select = within(form()).getByLabelText('信用卡分期') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '一次付清 NT$2,060',
      '3 期：首期 NT$688，之後每期 NT$686',
      '6 期：首期 NT$345，之後每期 NT$343',
    ]);
    fireEvent.change(select, { target: { value: '3' } });
    choose('三聯式（公司）');
    fireEvent.change(within(form()).getByLabelText(/統一編號/), { target: { value: '53212539' } });
    fireEvent.change(within(form()).getByLabelText(/公司抬頭/), { target: { value: '小明設計工作室' } });
    submit();
    // The order, then (a card) the payment form it goes on to.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]!.url).toBe('/api/v1/orders');
    expect(calls[0]!.body).toMatchObject({ payment_type: PaymentMethod.Credit, installments: 3 });
  });

  it('sends a coupon with the quote and shows the server’s level and coupon lines (decision 061)', async () => {
    const previews: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (!url.endsWith('/orders-preview')) throw new Error(`unexpected ${url}`);
        const body = JSON.parse(String(init.body)) as { coupon_code: string | null };
        previews.push(body);
        const withCoupon = body.coupon_code === 'SAVE100';
        return new Response(
          JSON.stringify({
            code: 200,
            data: {
              product_lines: [],
              package_lines: [],
              bundles: [],
              goods_amount: 1960,
              celebrity_discount: 0,
              discount_amount: 0,
              level: { name: '銀卡會員', discount_percent: 5 },
              level_discount: 98,
              coupon: withCoupon ? { id: 3, code: 'SAVE100', name: '滿千折百', discount: 100 } : null,
              coupon_discount: withCoupon ? 100 : 0,
              coupon_error: body.coupon_code && !withCoupon ? '找不到此優惠券' : null,
              net_goods_amount: withCoupon ? 1762 : 1862,
              shipping: 100,
              free_shipping: false,
              use_bonus: 0,
              max_usable_bonus: 1762,
              bonus_balance: 500,
              bonus_error: null,
              pay_amount: withCoupon ? 1862 : 1962,
              celebrity: null,
              problems: [],
            },
          }),
          { status: 200 },
        );
      }),
    );
    renderCheckout();
    const summary = screen.getByRole('region', { name: '訂單金額' });
    await waitFor(() => expect(within(summary).getByText('會員折扣（銀卡會員）')).toBeTruthy());

    const box = screen.getByRole('form', { name: '優惠券' });
    fireEvent.change(within(box).getByLabelText('優惠券代碼'), { target: { value: 'nope' } });
    fireEvent.click(within(box).getByRole('button', { name: '套用' }));
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe('找不到此優惠券'));

    fireEvent.change(within(box).getByLabelText('優惠券代碼'), { target: { value: 'save100' } });
    fireEvent.click(within(box).getByRole('button', { name: '套用' }));
    await waitFor(() => expect(within(summary).getByText('優惠券：滿千折百')).toBeTruthy());
    expect(within(summary).getByText('NT$1,862')).toBeTruthy();
    expect(within(box).getByRole('status').textContent).toBe('已套用 SAVE100，折抵 NT$100');
    expect(previews).toContainEqual(expect.objectContaining({ coupon_code: 'SAVE100' }));
  });

  it('names the member carrier for what it is: the invoice kept in the member’s account', () => {
    renderCheckout();
    choose('二聯式（個人）');
    const carrier = within(form()).getByLabelText(/載具/) as HTMLSelectElement;
    const options = [...carrier.options].map((o) => o.text);
    // Issue 20 item 5: 「不使用載具（會員載具）」 said no carrier and a carrier at once.
    expect(options).toEqual(['會員載具（發票存入會員帳號）', '手機條碼', '自然人憑證']);
  });

  it('puts the server’s field errors (400) on their fields', async () => {
    stubOrders([
      {
        status: 400,
        body: { code: 400, msg: '輸入資料有誤', errors: [{ field: 'recv_cellphone', msg: '手機格式不正確' }] },
      },
    ]);
    renderCheckout();
    choose(/^貨到付款/);
    submit();
    const phone = within(form()).getByLabelText(/收件人手機/);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form()).getByText('手機格式不正確')).toBeTruthy();
    expect(screen.getByText('請修正標示的欄位後再送出')).toBeTruthy();
  });

  it('shows a conflict (409) as the server words it', async () => {
    stubOrders([{ status: 409, body: { code: 409, msg: '「阿里山高山烏龍茶 150g」庫存不足' } }]);
    renderCheckout();
    choose(/^貨到付款/);
    submit();
    expect(await screen.findByText('「阿里山高山烏龍茶 150g」庫存不足')).toBeTruthy();
  });

  it('retries with the same key after a lost answer, so the order is never made twice', async () => {
    const calls = stubOrders([new TypeError('Failed to fetch'), { status: 201, body: { code: 201, data: ORDER } }]);
    renderCheckout();
    choose(/^貨到付款/);
    submit();
    expect(await screen.findByText(/網路連線異常，訂單可能尚未成立/)).toBeTruthy();
    submit();
    expect(await screen.findByText('結果頁')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get('idempotency-key')).toBe(calls[0]!.headers.get('idempotency-key'));
  });

  it('does not order lines that cannot be bought', async () => {
    const calls = stubOrders([]);
    const Stub = createRoutesStub([
      {
        path: '/cart',
        Component: () => (
          <MemberCheckout
            lines={[{ ...LINES[0]!, problem: '庫存不足，請減少數量或移除' }]}
            member={MEMBER}
            code={null}
            offers={OFFERS}
            cartLines={null}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={['/cart']} />);
    choose(/^貨到付款/);
    submit();
    expect(await screen.findByText('購物車中有目前無法購買的商品，請先移除或調整數量')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
