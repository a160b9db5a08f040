import { describe, expect, it } from 'vitest';
import type { MemberCartLine, MemberPackageLine } from '../../api/carts.ts';
import { guestCartView, memberCartView } from './cart-view.ts';
import type { GuestCartLine, GuestPackageLine } from './guest-cart.ts';

const guestLine = (qty: number, stock: number | null | undefined): GuestCartLine => ({
  id: 1,
  members_id: 0,
  products_id: 5,
  spec_id: 51,
  qty,
  product: {
    id: 5,
    name: '烏龍茶',
    banner: '',
    price: 500,
    on_sale_price: 450,
    status: 1,
    internet_celebrity: false,
    pics: [],
    product_specs: [
      { id: 51, name: '150g', price: 500, on_sale_price: 450, ...(stock === undefined ? {} : { stock }) },
    ],
  },
});

const guestPackage = (qty: number, stock: number | null): GuestPackageLine => ({
  id: 2,
  members_id: 0,
  product_packages_id: 9,
  qty,
  product_package: { id: 9, name: '禮盒', banner: '', price: 1000, on_sale_price: 900, status: 1, pics: [], stock },
});

describe('guestCartView: the stock the catalogue last gave caps a guest line (issue 20 item 11)', () => {
  it.each<[string, number, number | null | undefined, number, string]>([
    ['tracked stock', 2, 3, 3, ''],
    ['a line at the stock', 3, 3, 3, ''],
    ['a line above the stock is flagged like a member’s', 5, 3, 3, '庫存不足，請減少數量或移除'],
    ['sold out', 1, 0, 0, '庫存不足，請減少數量或移除'],
    ['untracked stock', 99, null, 999, ''],
    ['a line stored before stock was kept', 99, undefined, 999, ''],
  ])('%s', (_label, qty, stock, maxQty, problem) => {
    expect(guestCartView({ lines: [guestLine(qty, stock)], packages: [] })[0]).toMatchObject({ qty, maxQty, problem });
  });

  it('caps a package at its own stock', () => {
    expect(guestCartView({ lines: [], packages: [guestPackage(2, 4)] })[0]).toMatchObject({ maxQty: 4, problem: '' });
  });
});

describe('memberCartView', () => {
  it('takes each line’s limit from its spec’s or package’s stock', () => {
    const line = {
      id: 1,
      members_id: 7,
      products_id: 5,
      spec_id: 51,
      qty: 2,
      unit_price: 450,
      available: true,
      problem: null,
      product: { ...guestLine(2, 3).product, activity_start_time: null, activity_end_time: null },
      spec: { id: 51, name: '150g', price: 500, on_sale_price: 450, sold_out: false, stock: 3 },
      created_at: '2026-06-01T00:00:00.000Z',
    } as MemberCartLine;
    const pkg = {
      id: 2,
      members_id: 7,
      product_packages_id: 9,
      qty: 1,
      unit_price: 900,
      available: true,
      problem: null,
      product_package: { ...guestPackage(1, null).product_package, sold_out: false, stock: null },
      created_at: '2026-06-01T00:00:00.000Z',
    } as MemberPackageLine;
    expect(memberCartView([line], [pkg]).map((l) => l.maxQty)).toEqual([3, 999]);
  });
});
