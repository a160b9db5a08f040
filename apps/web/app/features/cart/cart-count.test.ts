import { describe, expect, it, vi } from 'vitest';
import { guestCartCount, storedLineCount } from './cart-count.ts';

describe('storedLineCount', () => {
  it.each([
    [null, 0],
    ['[]', 0],
    ['[{"id":1},{"id":2}]', 2],
    ['{"id":1}', 0],
  ])('%s → %i', (raw, expected) => {
    expect(storedLineCount(raw)).toBe(expected);
  });

  it('treats a corrupt cart as empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(storedLineCount('[{oops')).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

it('adds product lines and package lines', () => {
  const store: Record<string, string> = { carts: '[1,2,3]', package_carts: '[1]' };
  expect(guestCartCount({ getItem: (k) => store[k] ?? null })).toBe(4);
});
