// Reads the cart the page shows: a member's from the server (after joining any guest lines left in
// this browser), a guest's from local storage checked against the catalogue (spec §4).
import { ApiError, apiGet, type ApiFetch } from '../../api/client.ts';
import {
  clearMemberCart,
  clearMemberPackageCart,
  deleteMemberCartLine,
  deleteMemberPackageLine,
  getMemberCart,
  getMemberPackageCart,
  updateMemberCartLine,
  updateMemberPackageLine,
} from '../../api/carts.ts';
import type { Product, ProductPackage } from '../../api/types.ts';
import { guestCartView, memberCartView, type CartLineView } from './cart-view.ts';
import { guestCartCount } from './cart-count.ts';
import { CART_CHANGED_EVENT } from './cart-keys.ts';
import {
  clearGuestCart,
  pruneGuestCart,
  readGuestCart,
  removeGuestLine,
  setGuestQty,
  type CartStorage,
  type LineKind,
} from './guest-cart.ts';
import { joinGuestCart } from './guest-cart-join.ts';
import { announceJoinNotices } from './join-notices.ts';

export interface CartSource {
  api: ApiFetch;
  memberId: number | null;
  storage: CartStorage | null;
}

/** `found` by id; null when the catalogue could not be asked (then nothing is dropped). */
async function fetchExisting<T extends { id: number }>(
  api: ApiFetch,
  ids: readonly number[],
  path: (id: number) => string,
): Promise<Map<number, T> | null> {
  const found = new Map<number, T>();
  try {
    await Promise.all(
      ids.map(async (id) => {
        try {
          found.set(id, await apiGet<T>(api, path(id)));
        } catch (error) {
          // 404: gone, inactive or out of its window — the guest can no longer buy it.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }),
    );
  } catch {
    return null;
  }
  return found;
}

/** The guest's lines as stored, without asking the catalogue: shown at once, then checked (loadGuestLines). */
export function storedGuestLines(storage: CartStorage | null): CartLineView[] {
  return storage ? guestCartView(readGuestCart(storage)) : [];
}

/** A member's server cart (both kinds), as the page shows it. */
export async function loadMemberLines(api: ApiFetch, memberId: number): Promise<CartLineView[]> {
  const [lines, packages] = await Promise.all([getMemberCart(api, memberId), getMemberPackageCart(api, memberId)]);
  return memberCartView(lines, packages);
}

export async function loadGuestLines(api: ApiFetch, storage: CartStorage): Promise<CartLineView[]> {
  const cart = readGuestCart(storage);
  const productIds = [...new Set(cart.lines.map((l) => l.products_id))];
  const packageIds = [...new Set(cart.packages.map((l) => l.product_packages_id))];
  const [products, packages] = await Promise.all([
    fetchExisting<Product>(api, productIds, (id) => `/products/${id}`),
    fetchExisting<ProductPackage>(api, packageIds, (id) => `/product-package/${id}`),
  ]);
  // Offline or server trouble: show what is stored rather than throwing the shopper's cart away.
  if (!products || !packages) return guestCartView(cart);
  const pruned = pruneGuestCart(storage, products, packages);
  if (pruned.dropped > 0) window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  return guestCartView(pruned);
}

export async function loadCartLines(source: CartSource): Promise<CartLineView[]> {
  const { api, memberId, storage } = source;
  if (memberId === null) return storage ? loadGuestLines(api, storage) : [];
  if (storage && guestCartCount(storage) > 0) {
    await joinGuestCart(api, memberId, storage).then(announceJoinNotices, () => undefined);
  }
  return loadMemberLines(api, memberId);
}

export async function setLineQty(source: CartSource, kind: LineKind, id: number, qty: number): Promise<void> {
  const { api, memberId, storage } = source;
  if (memberId === null) {
    if (storage && !setGuestQty(storage, kind, id, qty)) throw new Error('購物車項目已不存在');
    return;
  }
  if (kind === 'product') await updateMemberCartLine(api, id, { members_id: memberId, qty });
  else await updateMemberPackageLine(api, id, { members_id: memberId, qty });
}

export async function removeLine(source: CartSource, kind: LineKind, id: number): Promise<void> {
  const { api, memberId, storage } = source;
  if (memberId === null) {
    if (storage) removeGuestLine(storage, kind, id);
    return;
  }
  if (kind === 'product') await deleteMemberCartLine(api, id);
  else await deleteMemberPackageLine(api, id);
}

/** spec §4: deleting all removes the guest keys; a member's two server carts are emptied. */
export async function removeAllLines(source: CartSource): Promise<void> {
  const { api, memberId, storage } = source;
  if (memberId === null) {
    if (storage) clearGuestCart(storage);
    return;
  }
  await Promise.all([clearMemberCart(api, memberId), clearMemberPackageCart(api, memberId)]);
}
