import type { ApiFetch } from '../../api/client.ts';
import { mergeWishlist } from '../../api/wishlist.ts';
import { readGuestWishlist, writeGuestWishlist } from './guest-wishlist.ts';

/** Issue 43 item 4: right after a login or a sign-up, the guest's kept products join the member's list. */
export async function joinGuestWishlistAtLogin(api: ApiFetch, memberId: number): Promise<void> {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  const ids = readGuestWishlist(storage);
  if (!ids.length) return;
  await mergeWishlist(api, memberId, ids);
  // Only once the server kept them: a failed merge leaves them for the next login.
  writeGuestWishlist(storage, []);
}
