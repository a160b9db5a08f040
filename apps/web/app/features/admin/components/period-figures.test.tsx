// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PeriodFigures } from './period-figures.tsx';

afterEach(cleanup);

describe('PeriodFigures', () => {
  it('shows the paid revenue and, apart, how many orders and how much money are not paid yet', () => {
    render(<PeriodFigures period="今日" totals={{ orders: 6, revenue: 1700, unpaid: { orders: 4, amount: 4900 } }} />);
    const today = screen.getByText('今日訂單').parentElement!;
    expect(today.textContent).toContain('6');
    expect(screen.getByText('營業額（已付款） NT$1,700')).toBeTruthy();
    const unpaid = screen.getByText('今日未付款訂單').parentElement!;
    expect(unpaid.querySelector('.bo-stat__value')!.textContent).toBe('4');
    expect(screen.getByText('尚未收款 NT$4,900')).toBeTruthy();
  });
});
