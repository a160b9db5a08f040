import type { ApiFetch } from '../../api/client.ts';
import { browserCartStorage } from './cart-owner.ts';
import { joinGuestCart } from './guest-cart-join.ts';

/** spec §4 / issue 6: right after a login or a sign-up, the guest's lines join the member's cart. */
export async function joinGuestCartAtLogin(api: ApiFetch, memberId: number): Promise<void> {
  const storage = browserCartStorage();
  if (storage) await joinGuestCart(api, memberId, storage);
}
