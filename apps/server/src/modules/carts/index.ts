// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  type OrderablePackageLine,
  type OrderableProductLine,
  loadOrderableLines,
  removeOrderedLines,
} from './carts.service.ts';
export { cartFingerprintOf, cartFingerprints, type CartFingerprint } from './cart-fingerprints.ts';
