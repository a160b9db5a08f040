// 收藏清單 (issue 43 item 4): a member's own list on the server; a guest's is kept in the browser.
import type { WishlistItem } from '@shop/domain';
import { apiGet, apiSend, type ApiFetch } from './client.ts';

export const getWishlist = (api: ApiFetch, memberId: number) =>
  apiGet<WishlistItem[]>(api, `/members/${memberId}/wishlist`);

export const addToWishlist = (api: ApiFetch, memberId: number, productId: number) =>
  apiSend<WishlistItem[]>(api, 'POST', `/members/${memberId}/wishlist`, { products_id: productId });

export const removeFromWishlist = (api: ApiFetch, memberId: number, productId: number) =>
  apiSend<WishlistItem[]>(api, 'DELETE', `/members/${memberId}/wishlist/${productId}`);

/** At login: the guest's kept products join the member's list in one call. */
export const mergeWishlist = (api: ApiFetch, memberId: number, productIds: number[]) =>
  apiSend<WishlistItem[]>(api, 'POST', `/members/${memberId}/wishlist-merge`, { products_id: productIds });
