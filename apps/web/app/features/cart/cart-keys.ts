// spec §3/§9: guest carts live in localStorage under these keys; the event tells the badge to re-read.
export const CART_KEY = 'carts';
export const PACKAGE_CART_KEY = 'package_carts';
/** Fired on window by whatever changes a cart, so the header badge re-reads it. */
export const CART_CHANGED_EVENT = 'shop:cart-changed';
