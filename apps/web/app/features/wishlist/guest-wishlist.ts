// 收藏清單 of a guest (issue 43 item 4): the kept product ids in local storage under `wishlist`, newest
// first, as the guest's cart is kept there; they join the member's list at login.
import { WISHLIST_MAX } from '@shop/domain';

export const WISHLIST_KEY = 'wishlist';

export type WishlistStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

/** The stored ids; a corrupt value (not JSON, not a list) reads as an empty list, odd entries are left out. */
export function readGuestWishlist(storage: Pick<Storage, 'getItem'>): number[] {
  let raw: string | null;
  try {
    raw = storage.getItem(WISHLIST_KEY);
  } catch {
    return []; // storage disabled (private mode, blocked site data)
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? [...new Set(parsed.filter(isId))].slice(0, WISHLIST_MAX) : [];
  } catch {
    return [];
  }
}

export function writeGuestWishlist(storage: WishlistStorage, ids: readonly number[]): void {
  try {
    if (ids.length) storage.setItem(WISHLIST_KEY, JSON.stringify(ids.slice(0, WISHLIST_MAX)));
    else storage.removeItem(WISHLIST_KEY);
  } catch {
    // A full or blocked storage keeps the heart's state for this page only.
  }
}

/** The list with the product added first, or taken out. */
export function toggledWishlist(ids: readonly number[], productId: number, keep: boolean): number[] {
  const rest = ids.filter((id) => id !== productId);
  return keep ? [productId, ...rest].slice(0, WISHLIST_MAX) : rest;
}
