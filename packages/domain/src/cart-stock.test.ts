import { describe, expect, it } from 'vitest';
import { lineQtyLimit, mergeLineQty, mergeNotice } from './cart-stock.ts';
import { msg } from './messages.ts';

describe('lineQtyLimit', () => {
  it.each<[number | null | undefined, number]>([
    [null, 999],
    [undefined, 999],
    [3, 3],
    [0, 0],
    [-2, 0],
    [999, 999],
    [5000, 999],
  ])('stock %j allows %j units', (stock, limit) => {
    expect(lineQtyLimit(stock)).toBe(limit);
  });
});

describe('mergeLineQty', () => {
  it.each<[string, { asked: number; inCart: number; stock: number | null }, ReturnType<typeof mergeLineQty>]>([
    ['all of it when the stock covers it', { asked: 2, inCart: 0, stock: 3 }, { added: 2, kept: 2, outcome: 'added' }],
    [
      'all of it when stock is not tracked',
      { asked: 99, inCart: 1, stock: null },
      { added: 99, kept: 100, outcome: 'added' },
    ],
    ['what the stock allows', { asked: 99, inCart: 0, stock: 3 }, { added: 3, kept: 3, outcome: 'capped' }],
    [
      'what is left beside the member’s own units',
      { asked: 99, inCart: 1, stock: 3 },
      { added: 2, kept: 3, outcome: 'capped' },
    ],
    [
      'nothing when the member already holds the stock',
      { asked: 2, inCart: 3, stock: 3 },
      { added: 0, kept: 3, outcome: 'capped' },
    ],
    [
      'nothing, keeping the member’s units, when the stock fell below them',
      { asked: 1, inCart: 5, stock: 2 },
      { added: 0, kept: 5, outcome: 'capped' },
    ],
    ['nothing when sold out', { asked: 4, inCart: 0, stock: 0 }, { added: 0, kept: 0, outcome: 'sold_out' }],
    ['up to the line maximum', { asked: 500, inCart: 600, stock: null }, { added: 399, kept: 999, outcome: 'capped' }],
  ])('%s', (_label, line, expected) => {
    expect(mergeLineQty(line)).toEqual(expected);
  });
});

describe('mergeNotice', () => {
  const name = '烏龍茶 150g';
  it.each<[Parameters<typeof mergeNotice>[0], string | null]>([
    [{ name, kept: 2, stock: 3, outcome: 'added' }, null],
    [{ name, kept: 3, stock: 3, outcome: 'capped' }, '「烏龍茶 150g」庫存僅剩 3 件，已為您保留 3 件'],
    [{ name, kept: 5, stock: 2, outcome: 'capped' }, '「烏龍茶 150g」庫存僅剩 2 件，購物車已有 5 件，未再加入'],
    [{ name, kept: 999, stock: null, outcome: 'capped' }, '「烏龍茶 150g」每項最多 999 件，已為您保留 999 件'],
    [{ name, kept: 0, stock: 0, outcome: 'sold_out' }, '「烏龍茶 150g」已售完，未加入購物車'],
    [{ name, kept: 0, stock: null, outcome: 'unavailable' }, '「烏龍茶 150g」目前無法購買，未加入購物車'],
  ])('%j → %j', (line, text) => {
    expect(mergeNotice(line)).toBe(text);
  });
});

describe('stock messages', () => {
  it.each<[number, number, string]>([
    [3, 0, '「烏龍茶 150g」庫存僅剩 3 件'],
    [3, 2, '「烏龍茶 150g」庫存僅剩 3 件，購物車已有 2 件'],
    [0, 0, '「烏龍茶 150g」已售完'],
  ])('stock %j with %j in the cart', (stock, inCart, text) => {
    expect(msg.stockLeft('烏龍茶 150g', stock, inCart)).toBe(text);
  });
});
