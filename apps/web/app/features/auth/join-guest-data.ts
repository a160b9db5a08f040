import type { ApiFetch } from '../../api/client.ts';
import { joinGuestCartAtLogin } from '../cart/join-at-login.ts';
import { joinGuestWishlistAtLogin } from '../wishlist/join-at-login.ts';

/** Right after a login or a sign-up, the guest's cart and wishlist become the member's. */
export async function joinGuestDataAtLogin(api: ApiFetch, memberId: number): Promise<void> {
  // Each on its own: a wishlist that fails to join does not keep the cart from joining.
  await Promise.allSettled([joinGuestCartAtLogin(api, memberId), joinGuestWishlistAtLogin(api, memberId)]);
}
