// The page's one copy of the shopper's 收藏清單, shared by every heart on it: read once per page (local
// storage for a guest, one GET for a member), changed at once on a click and confirmed by the server.
import { addToWishlist, getWishlist, removeFromWishlist } from '../../api/wishlist.ts';
import type { ApiFetch } from '../../api/client.ts';
import { readGuestWishlist, toggledWishlist, writeGuestWishlist, type WishlistStorage } from './guest-wishlist.ts';

export interface WishlistState {
  /** Kept product ids, newest first. */
  ids: readonly number[];
  /** False until the list was read (the server render and the first paint show empty hearts). */
  ready: boolean;
}

const EMPTY: WishlistState = { ids: [], ready: false };
let state: WishlistState = EMPTY;
/** Whose list `state` holds: a member id, null for a guest, undefined before any read. */
let owner: number | null | undefined;
const listeners = new Set<() => void>();

function publish(next: WishlistState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const subscribeWishlist = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const wishlistSnapshot = () => state;
export const serverWishlistSnapshot = () => EMPTY;

function browserStorage(): WishlistStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the shopper's list once per page (again when the shopper changed, e.g. after a login). */
export function loadWishlist(api: ApiFetch, memberId: number | null): void {
  if (owner === memberId) return;
  owner = memberId;
  if (memberId === null) {
    const storage = browserStorage();
    publish({ ids: storage ? readGuestWishlist(storage) : [], ready: true });
    return;
  }
  getWishlist(api, memberId)
    .then((items) => owner === memberId && publish({ ids: items.map((i) => i.products_id), ready: true }))
    .catch(() => {
      owner = undefined; // the next heart to mount asks again
    });
}

/** Keeps or drops a product; answers whether it is now kept. A refusal puts the heart back and throws. */
export async function toggleWishlist(api: ApiFetch, memberId: number | null, productId: number): Promise<boolean> {
  const before = state;
  const keep = !before.ids.includes(productId);
  publish({ ids: toggledWishlist(before.ids, productId, keep), ready: true });
  if (memberId === null) {
    const storage = browserStorage();
    if (storage) writeGuestWishlist(storage, state.ids);
    return keep;
  }
  try {
    const items = keep
      ? await addToWishlist(api, memberId, productId)
      : await removeFromWishlist(api, memberId, productId);
    publish({ ids: items.map((i) => i.products_id), ready: true });
    return keep;
  } catch (error) {
    publish(before);
    throw error;
  }
}

/** The member-centre list removed one: the hearts on the page follow. */
export function forgetWishlistItem(productId: number): void {
  publish({ ...state, ids: state.ids.filter((id) => id !== productId) });
}
