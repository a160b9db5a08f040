import { describe, expect, it } from 'vitest';
import { WISHLIST_MAX } from '@shop/domain';
import { WISHLIST_KEY, readGuestWishlist, toggledWishlist, writeGuestWishlist } from './guest-wishlist.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('guest wishlist in local storage', () => {
  it.each([
    ['missing', undefined, []],
    ['not JSON', '{oops', []],
    ['not a list', '{"a":1}', []],
    ['odd entries left out, repeats once', '[3,"4",0,-1,1.5,3,7]', [3, 7]],
  ])('%s', (_case, raw, ids) => {
    const storage = memoryStorage(raw === undefined ? {} : { [WISHLIST_KEY]: raw });
    expect(readGuestWishlist(storage)).toEqual(ids);
  });

  it('adds newest first, removes, and clears the key when empty', () => {
    const storage = memoryStorage();
    let ids = toggledWishlist([], 5, true);
    ids = toggledWishlist(ids, 9, true);
    ids = toggledWishlist(ids, 5, true);
    expect(ids).toEqual([5, 9]);
    writeGuestWishlist(storage, ids);
    expect(readGuestWishlist(storage)).toEqual([5, 9]);
    writeGuestWishlist(storage, toggledWishlist(toggledWishlist(ids, 5, false), 9, false));
    expect(storage.data.has(WISHLIST_KEY)).toBe(false);
  });

  it('keeps at most the server\u2019s limit', () => {
    const many = Array.from({ length: WISHLIST_MAX + 5 }, (_, i) => i + 1);
    expect(toggledWishlist(many, 999, true)).toHaveLength(WISHLIST_MAX);
  });
});
