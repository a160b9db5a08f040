// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EInvoiceCard } from './e-invoice-card.tsx';

afterEach(cleanup);

const invoice = {
  status: 'issued' as const,
  invoice_no: 'AB12345678',
  invoice_date: '2026-11-26T04:00:00Z',
  random_number: '6868',
  amount: 1360,
  voided_at: null,
  allowances: [],
  relate_number: 'GD2611260007',
  provider_code: 1,
  provider_message: '開立發票成功',
};

describe('EInvoiceCard', () => {
  it('shows the invoice, its ECPay number and ECPay’s last word', () => {
    render(<EInvoiceCard invoice={invoice} />);
    const card = within(screen.getByRole('region', { name: '電子發票' }));
    for (const text of [
      '已開立',
      'AB12345678',
      '2026-11-26 12:00',
      '6868',
      'NT$1,360',
      'GD2611260007',
      '1 開立發票成功',
    ]) {
      expect(card.getByText(text)).toBeTruthy();
    }
  });

  it('lists the allowances and says why an invoice is not issued', () => {
    render(
      <EInvoiceCard
        invoice={{
          ...invoice,
          status: 'failed',
          provider_code: 1000001,
          provider_message: '載具編號須為空值',
          allowances: [{ allowance_no: null, amount: 500, allowance_date: null, status: 'pending', reason: 'return' }],
        }}
      />,
    );
    const card = within(screen.getByRole('region', { name: '電子發票' }));
    expect(card.getByText('開立失敗')).toBeTruthy();
    expect(card.getByText('1000001 載具編號須為空值')).toBeTruthy();
    const allowances = within(card.getByRole('list', { name: '折讓' }));
    expect(allowances.getByText(/退貨 NT\$500 · 處理中/)).toBeTruthy();
  });
});
