// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminShipmentView } from '@shop/domain';
import { EcpayShipmentCard } from './ecpay-shipment-card.tsx';
import type { OrderDetail } from './order-detail.ts';

afterEach(cleanup);

const created: AdminShipmentView = {
  id: 3,
  state: 'created',
  logistics_type: 'CVS',
  sub_type: 'UNIMARTC2C',
  temperature: '0001',
  merchant_trade_no: 'L8S1',
  all_pay_logistics_id: '43578330',
  cvs_payment_no: 'C493417092',
  cvs_validation_no: '0398',
  booking_note: '',
  status_code: 2073,
  status_message: '商品配達買家取貨門市',
  error: '',
  pickup_deadline: '2026-12-04T15:59:59.999Z',
  created_at: '2026-11-26T16:53:00Z',
  updated_at: '2026-11-26T16:53:00Z',
  notices: [{ code: 2073, message: '商品配達買家取貨門市', at: '2026-11-26T16:53:00Z' }],
  can_print: true,
  can_simulate: true,
};

function renderCard(shipment: AdminShipmentView | null, canCreate: boolean) {
  const order = { id: 8, shipment } as unknown as OrderDetail;
  const Stub = createRoutesStub([
    { path: '/', Component: () => <EcpayShipmentCard order={order} canCreate={canCreate} /> },
  ]);
  render(<Stub initialEntries={['/']} />);
  return within(screen.getByRole('region', { name: '綠界物流' }));
}

describe('EcpayShipmentCard', () => {
  it('offers 建立物流單 before there is one', () => {
    const card = renderCard(null, true);
    expect(card.getByRole('button', { name: '建立物流單' })).toBeTruthy();
    expect(card.queryByRole('link', { name: /列印託運單/ })).toBeNull();
  });

  it('shows the logistics order, the pickup deadline, the notices, the label and the simulator', () => {
    const card = renderCard(created, false);
    for (const text of ['已建立物流單', '7-ELEVEN 交貨便', '43578330', 'C493417092（驗證碼 0398）', '2026-12-04']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    expect(within(card.getByRole('list', { name: '物流狀態' })).getByText('商品配達買家取貨門市')).toBeTruthy();
    expect(card.getByRole('link', { name: /列印託運單/ }).getAttribute('href')).toBe('/admin/orders/labels?order_id=8');
    expect(card.getByRole('button', { name: '模擬物流進度' })).toBeTruthy();
    expect(card.getByRole('button', { name: '模擬逾期未取' })).toBeTruthy();
    expect(card.queryByRole('button', { name: /建立物流單/ })).toBeNull();
  });

  it('says why ECPay refused, and offers to ask again', () => {
    const card = renderCard(
      { ...created, state: 'refused', error: '收件人地址錯誤', can_print: false, can_simulate: false },
      true,
    );
    expect(card.getByText('綠界拒絕建立')).toBeTruthy();
    expect(card.getByText('收件人地址錯誤')).toBeTruthy();
    expect(card.getByRole('button', { name: '重新建立物流單' })).toBeTruthy();
  });
});
