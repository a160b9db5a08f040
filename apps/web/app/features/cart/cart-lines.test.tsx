// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLines } from './cart-lines.tsx';
import type { CartLineView, CelebrityOffer } from './cart-view.ts';

afterEach(cleanup);

const line = (over: Partial<CartLineView>): CartLineView => ({
  key: 'p-1',
  kind: 'product',
  id: 1,
  itemId: 11,
  specId: 111,
  name: '玻尿酸保濕精華液',
  specName: '30ml',
  image: '',
  href: '/products?t=1&sn=11',
  salePrice: 790,
  listPrice: 980,
  qty: 2,
  maxQty: 999,
  problem: '',
  ...over,
});

function renderLines(lines: CartLineView[], celebrity: CelebrityOffer | null = null) {
  const handlers = { onQty: vi.fn(), onRemove: vi.fn(), onClear: vi.fn() };
  const Stub = createRoutesStub([
    { path: '/cart', Component: () => <CartLines lines={lines} celebrity={celebrity} {...handlers} /> },
  ]);
  render(<Stub initialEntries={['/cart']} />);
  return handlers;
}

const item = (name: string) => screen.getAllByRole('listitem').find((li) => within(li).queryByRole('link', { name }))!;

describe('CartLines', () => {
  it('shows each line’s price, list price and subtotal', () => {
    renderLines([line({})]);
    const li = item('玻尿酸保濕精華液');
    expect(within(li).getByText('規格：30ml')).toBeTruthy();
    expect(li.textContent).toContain('NT$790');
    expect(within(li).getByText('NT$980')).toBeTruthy();
    expect(li.textContent).toContain('NT$1,580');
  });

  it('shows the influencer price on the products they recommend (spec §5), only there', () => {
    renderLines(
      [line({}), line({ key: 'p-2', id: 2, itemId: 12, name: '積雪草舒緩化妝水', salePrice: 580, listPrice: 580 })],
      { code: 'DEMOKOL', name: '林美玲', discount: { type: 2, value: 90 }, productIds: [11] },
    );
    const recommended = item('玻尿酸保濕精華液');
    expect(within(recommended).getByText('網紅價')).toBeTruthy();
    expect(recommended.textContent).toContain('NT$711');
    expect(recommended.textContent).toContain('NT$1,422');
    expect(within(item('積雪草舒緩化妝水')).queryByText('網紅價')).toBeNull();
  });

  it('changes the quantity with the buttons and with a typed number', () => {
    const { onQty } = renderLines([line({})]);
    const li = item('玻尿酸保濕精華液');
    fireEvent.click(within(li).getByRole('button', { name: '增加數量' }));
    expect(onQty).toHaveBeenLastCalledWith({ kind: 'product', id: 1, qty: 3 });
    fireEvent.click(within(li).getByRole('button', { name: '減少數量' }));
    expect(onQty).toHaveBeenLastCalledWith({ kind: 'product', id: 1, qty: 1 });
    const box = within(li).getByRole('textbox', { name: '數量' });
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onQty).toHaveBeenLastCalledWith({ kind: 'product', id: 1, qty: 5 });
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.blur(box);
    expect(onQty).toHaveBeenCalledTimes(3);
    expect((box as HTMLInputElement).value).toBe('2');
  });

  it('keeps the quantity within the stock left and says so (issue 20 item 11)', () => {
    const { onQty } = renderLines([line({ qty: 3, maxQty: 3 })]);
    const li = item('玻尿酸保濕精華液');
    const plus = within(li).getByRole('button', { name: '增加數量' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(within(li).queryByText('庫存僅剩 3 件')).toBeNull();
    const box = within(li).getByRole('textbox', { name: '數量' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '10' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('3');
    expect(onQty).not.toHaveBeenCalled();
    const note = within(li).getByText('庫存僅剩 3 件');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.getAttribute('aria-live')).toBe('polite');
  });

  it('brings a typed larger number down to the stock left, and − from above it straight to it', () => {
    const { onQty } = renderLines([
      line({ qty: 1, maxQty: 4 }),
      line({ key: 'p-2', id: 2, itemId: 12, name: '積雪草舒緩化妝水', qty: 5, maxQty: 2 }),
    ]);
    const first = item('玻尿酸保濕精華液');
    const box = within(first).getByRole('textbox', { name: '數量' });
    fireEvent.change(box, { target: { value: '99' } });
    fireEvent.blur(box);
    expect(onQty).toHaveBeenLastCalledWith({ kind: 'product', id: 1, qty: 4 });
    expect(within(first).getByText('庫存僅剩 4 件')).toBeTruthy();
    fireEvent.click(within(item('積雪草舒緩化妝水')).getByRole('button', { name: '減少數量' }));
    expect(onQty).toHaveBeenLastCalledWith({ kind: 'product', id: 2, qty: 2 });
  });

  it('deletes one line, and empties the cart only after asking', () => {
    const { onRemove, onClear } = renderLines([line({})]);
    fireEvent.click(screen.getByRole('button', { name: '刪除 玻尿酸保濕精華液 30ml' }));
    expect(onRemove).toHaveBeenCalledWith({ kind: 'product', id: 1 });
    fireEvent.click(screen.getByRole('button', { name: '清空購物車' }));
    expect(onClear).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('dialog', { name: '清空購物車' })).getByRole('button', { name: '清空' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('says why a line cannot be ordered', () => {
    renderLines([line({ problem: '庫存不足，請減少數量或移除' })]);
    expect(within(item('玻尿酸保濕精華液')).getByText('庫存不足，請減少數量或移除')).toBeTruthy();
  });
});
