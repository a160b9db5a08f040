// Who owns the cart on this page: the logged-in member (server cart) or a guest (local storage).
import type { CartStorage } from './guest-cart.ts';

export { currentMemberId, memberIdFromCookies } from '../../lib/current-member.ts';

/** Local storage, or null when the browser blocks it (private mode, disabled site data). */
export function browserCartStorage(): CartStorage | null {
  try {
    const storage = window.localStorage;
    const probe = '__cart_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}
