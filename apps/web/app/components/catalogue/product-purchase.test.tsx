// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductPurchase, type PurchaseSpec } from './product-purchase.tsx';

// The cart control needs the shop's API and router; here only the quantity it is given matters.
vi.mock('./add-to-cart-slot.tsx', () => ({
  AddToCartSlot: ({ qty, specId }: { qty: number; specId: number | null }) => (
    <output aria-label="加入數量">{`${specId ?? '-'}:${qty}`}</output>
  ),
}));

afterEach(cleanup);

const spec = (over: Partial<PurchaseSpec>): PurchaseSpec => ({
  id: 1,
  name: '150g',
  price: 450,
  salePrice: 390,
  soldOut: false,
  stock: 3,
  ...over,
});

function renderPurchase(specs: PurchaseSpec[], extra: { stock?: number | null; kind?: 'product' | 'package' } = {}) {
  render(
    <ProductPurchase
      kind={extra.kind ?? 'product'}
      id={7}
      price={450}
      salePrice={390}
      specs={specs}
      soldOut={false}
      stock={extra.stock}
    />,
  );
  return {
    box: screen.getByRole('textbox', { name: '數量' }) as HTMLInputElement,
    plus: screen.getByRole('button', { name: '增加數量' }) as HTMLButtonElement,
    minus: screen.getByRole('button', { name: '減少數量' }) as HTMLButtonElement,
    note: () =>
      screen
        .getAllByRole('status')
        .map((s) => s.textContent)
        .join(''),
    added: () => screen.getByRole('status', { name: '加入數量' }).textContent,
  };
}

describe('ProductPurchase quantity (issue 20 item 11: capped at the stock shown)', () => {
  it('disables + at the stock left and says how many are left', () => {
    const { box, plus, minus, note, added } = renderPurchase([spec({})]);
    expect(note()).not.toContain('庫存僅剩');
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(box.value).toBe('3');
    expect(plus.disabled).toBe(true);
    expect(note()).toContain('庫存僅剩 3 件');
    expect(added()).toBe('1:3');
    fireEvent.click(minus);
    expect(box.value).toBe('2');
    expect(note()).not.toContain('庫存僅剩');
  });

  it('brings a typed larger number back to the stock left, in a polite live region', () => {
    const { box, added } = renderPurchase([spec({})]);
    fireEvent.change(box, { target: { value: '99' } });
    expect(box.value).toBe('3');
    const region = screen.getByText('庫存僅剩 3 件');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(added()).toBe('1:3');
  });

  it('caps nothing below the line maximum when the stock is not tracked', () => {
    const { box, plus, note, added } = renderPurchase([spec({ stock: null })]);
    fireEvent.change(box, { target: { value: '99' } });
    expect(box.value).toBe('99');
    expect(plus.disabled).toBe(false);
    expect(note()).not.toContain('庫存僅剩');
    expect(added()).toBe('1:99');
  });

  it('brings the quantity down when a spec with fewer left is chosen', () => {
    const { box, added } = renderPurchase([spec({ stock: 10 }), spec({ id: 2, name: '300g', stock: 2 })]);
    fireEvent.change(box, { target: { value: '5' } });
    expect(screen.queryByText(/庫存僅剩/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /300g/ }));
    expect(box.value).toBe('2');
    expect(screen.getByText('庫存僅剩 2 件')).toBeTruthy();
    expect(added()).toBe('2:2');
  });

  it('caps a package at its own stock', () => {
    const { box, plus } = renderPurchase([], { kind: 'package', stock: 4 });
    fireEvent.change(box, { target: { value: '12' } });
    expect(box.value).toBe('4');
    expect(plus.disabled).toBe(true);
    expect(screen.getByText('庫存僅剩 4 件')).toBeTruthy();
  });
});
