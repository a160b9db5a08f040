import { useEffect, useState } from 'react';
import type { ApiFetch } from '../../api/client.ts';
import { getMemberCart, getMemberPackageCart } from '../../api/carts.ts';
import { useApi } from '../../api/use-api.ts';
import { CART_CHANGED_EVENT, CART_KEY, PACKAGE_CART_KEY } from './cart-keys.ts';
import { browserCartStorage, currentMemberId } from './cart-owner.ts';
import { joinGuestCart } from './guest-cart-join.ts';
import { announceJoinNotices } from './join-notices.ts';

export { CART_CHANGED_EVENT, CART_KEY, PACKAGE_CART_KEY };

/** Lines in one stored cart; spec §4: a corrupt cart is logged and treated as empty. */
export function storedLineCount(raw: string | null): number {
  if (!raw) return 0;
  try {
    const lines = JSON.parse(raw) as unknown;
    return Array.isArray(lines) ? lines.length : 0;
  } catch (error) {
    console.warn('購物車資料損毀，視為空車', error);
    return 0;
  }
}

export function guestCartCount(storage: Pick<Storage, 'getItem'>): number {
  return storedLineCount(storage.getItem(CART_KEY)) + storedLineCount(storage.getItem(PACKAGE_CART_KEY));
}

/** spec §3: cart amount = product lines + package lines of the member's server cart. */
export async function memberCartCount(api: ApiFetch, memberId: number): Promise<number> {
  const [lines, packages] = await Promise.all([getMemberCart(api, memberId), getMemberPackageCart(api, memberId)]);
  return lines.length + packages.length;
}

/**
 * Cart badge amount, read after hydration (the server cannot see localStorage). Guests count their
 * stored lines; members ask the server, first joining any guest lines left from before the login
 * (spec §4 / issue 6: the guest cart joins the member cart at login).
 */
export function useCartCount(loggedIn: boolean): number {
  const api = useApi();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const storage = browserCartStorage();
    const memberId = loggedIn ? currentMemberId() : null;
    const read = () => {
      if (memberId === null) {
        setCount(storage ? guestCartCount(storage) : 0);
        return;
      }
      memberCartCount(api, memberId).then(
        (n) => alive && setCount(n),
        () => {}, // a badge is not worth an error message; the cart page shows problems
      );
    };
    if (memberId !== null && storage && guestCartCount(storage) > 0) {
      void joinGuestCart(api, memberId, storage).then(
        (result) => {
          announceJoinNotices(result);
          if (alive) window.dispatchEvent(new Event(CART_CHANGED_EVENT));
        },
        () => alive && read(),
      );
    } else {
      read();
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_KEY || event.key === PACKAGE_CART_KEY) read();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(CART_CHANGED_EVENT, read);
    return () => {
      alive = false;
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CART_CHANGED_EVENT, read);
    };
  }, [loggedIn, api]);
  return count;
}
