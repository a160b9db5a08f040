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
  return (
    <span className={`wishlist${withText ? ' wishlist--text' : ''}`}>
      <button
        type="button"
        className={`wishlist-heart${kept ? ' wishlist-heart--on' : ''}`}
        aria-pressed={kept}
        aria-label={withText ? undefined : `收藏「${productName}」`}
        title={kept ? '已收藏' : '加入收藏'}
        disabled={!ready}
        onClick={() => void toggle()}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.6-4.7-9.4-9.3C1.3 7.8 3.4 4.5 6.8 4.5c2.1 0 3.9 1.2 5.2 3 1.3-1.8 3.1-3 5.2-3 3.4 0 5.5 3.3 4.2 6.7-1.8 4.6-9.4 9.3-9.4 9.3z" />
        </svg>
        {withText ? <span>{kept ? '已收藏' : '加入收藏'}</span> : null}
      </button>
      <span className="visually-hidden" role="status">
        {problem}
      </span>
    </span>
  );
}
