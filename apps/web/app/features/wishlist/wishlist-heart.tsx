// Issue 43 item 4: the heart on product cards and the product page. A toggle button (aria-pressed)
// named for its product; it is a sibling of the card's link, never inside it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client.ts';
import { useApi } from '../../api/use-api.ts';
import { currentMemberId } from '../../lib/current-member.ts';
import {
  loadWishlist,
  serverWishlistSnapshot,
  subscribeWishlist,
  toggleWishlist,
  wishlistSnapshot,
} from './wishlist-store.ts';

export function WishlistHeart({
  productId,
  productName,
  withText = false,
}: {
  productId: number;
  productName: string;
  /** The product page says 加入收藏 / 已收藏 beside the heart; a card shows the heart alone. */
  withText?: boolean;
}) {
  const api = useApi();
  const { ids, ready } = useSyncExternalStore(subscribeWishlist, wishlistSnapshot, serverWishlistSnapshot);
  const [problem, setProblem] = useState('');
  useEffect(() => loadWishlist(api, currentMemberId()), [api]);
  const kept = ids.includes(productId);
  const toggle = async () => {
    setProblem('');
    try {
      await toggleWishlist(api, currentMemberId(), productId);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '收藏失敗，請稍後再試');
    }
  };
  // Light markup: a product list carries one per card (the heart itself is drawn by the stylesheet).
  return (
    <>
      <button
        type="button"
        className={`wishlist-heart${kept ? ' wishlist-heart--on' : ''}${withText ? ' wishlist-heart--text' : ''}`}
        aria-pressed={kept}
        aria-label={withText ? undefined : `收藏「${productName}」`}
        disabled={!ready}
        onClick={() => void toggle()}
      >
        {withText ? (kept ? '已收藏' : '加入收藏') : null}
      </button>
      {problem ? (
        <span className="visually-hidden" role="alert">
          {problem}
        </span>
      ) : null}
    </>
  );
}
