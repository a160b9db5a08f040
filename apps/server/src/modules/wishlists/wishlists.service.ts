// 收藏清單 (issue 43 item 4): a member's kept products on the server; a guest's list lives in the
// browser and joins this one at login, as the cart does (docs/decisions/085).
import { isProductVisible, reviewMsg, WISHLIST_MAX, type WishlistItem } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import * as repo from './wishlists.repository.ts';

type Showing = Pick<repo.WishlistRow, 'status' | 'activityStartTime' | 'activityEndTime'>;

/** spec §4: active and inside its activity window. */
const visible = (p: Showing, now: Date) =>
  isProductVisible(
    { status: p.status, activity_start_time: p.activityStartTime, activity_end_time: p.activityEndTime },
    now,
  );

function itemJson(row: repo.WishlistRow, now: Date): WishlistItem {
  return {
    products_id: row.productId,
    name: row.name,
    banner: row.banner,
    price: row.price,
    on_sale_price: row.onSalePrice,
    available: visible(row, now),
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /members/{id}/wishlist: newest first; a product no longer on sale stays, marked unavailable. */
export async function listWishlist(db: Db, memberId: number, now: Date): Promise<WishlistItem[]> {
  return (await repo.findItems(db, memberId)).map((row) => itemJson(row, now));
}

/** The ids that name products a shopper can see now (only those may be kept). */
async function keepableIds(db: Db, ids: readonly number[], now: Date): Promise<number[]> {
  const found = await repo.findProducts(db, ids);
  const ok = new Set(found.filter((p) => visible(p, now)).map((p) => p.id));
  return [...new Set(ids)].filter((id) => ok.has(id));
}

/** POST /members/{id}/wishlist: adding a kept product again changes nothing. */
export async function addToWishlist(db: Db, memberId: number, productId: number, now: Date): Promise<WishlistItem[]> {
  if (!(await keepableIds(db, [productId], now)).length) throw new NotFound(reviewMsg.productNotFound);
  const kept = await repo.findItems(db, memberId);
  if (!kept.some((k) => k.productId === productId)) {
    if (kept.length >= WISHLIST_MAX) throw new Conflict(reviewMsg.wishlistFull);
    await repo.insertItems(db, memberId, [productId], now);
  }
  return listWishlist(db, memberId, now);
}

/** DELETE /members/{id}/wishlist/{products_id}. */
export async function removeFromWishlist(db: Db, memberId: number, productId: number, now: Date) {
  if (!(await repo.deleteItem(db, memberId, productId))) throw new NotFound(reviewMsg.productNotFound);
  return listWishlist(db, memberId, now);
}

/**
 * POST /members/{id}/wishlist-merge: the guest's list joins the member's at login. Products that no
 * longer show are left out, and the list stops at its limit rather than refusing the whole merge.
 */
export async function mergeWishlist(db: Db, memberId: number, productIds: readonly number[], now: Date) {
  const room = WISHLIST_MAX - (await repo.countItems(db, memberId));
  const ids = (await keepableIds(db, productIds, now)).slice(0, Math.max(0, room));
  await repo.insertItems(db, memberId, ids, now);
  return listWishlist(db, memberId, now);
}
