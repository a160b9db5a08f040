import { useEffect, useState } from 'react';

// spec §3/§9: guest carts live in localStorage (`carts`, `package_carts`); amount = number of lines.
export const CART_KEY = 'carts';
export const PACKAGE_CART_KEY = 'package_carts';
/** Fired on window by whatever changes a cart, so the header badge re-reads it. */
export const CART_CHANGED_EVENT = 'shop:cart-changed';

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

/** Cart badge amount. Read after hydration (the server cannot see localStorage); members: 0 until the cart feature lands. */
export function useCartCount(loggedIn: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (loggedIn) return;
    const read = () => {
      try {
        setCount(guestCartCount(window.localStorage));
      } catch {
        setCount(0); // storage disabled (private mode)
      }
    };
    read();
    window.addEventListener('storage', read);
    window.addEventListener(CART_CHANGED_EVENT, read);
    return () => {
      window.removeEventListener('storage', read);
      window.removeEventListener(CART_CHANGED_EVENT, read);
    };
  }, [loggedIn]);
  return count;
}
