import { formatNtd, isOnSale, type WishlistItem } from '@shop/domain';
import { useState } from 'react';
import type { Route } from './+types/member-wishlist';
import { ApiError } from '../api/client.ts';
import { useApi } from '../api/use-api.ts';
import { getWishlist, removeFromWishlist } from '../api/wishlist.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { noStoreHeaders } from '../features/member-centre/member-session.server.ts';
import { forgetWishlistItem } from '../features/wishlist/wishlist-store.ts';
import { imageUrl } from '../lib/image-url.ts';
import { productHref } from '../lib/catalogue-links.ts';
import { loginHref } from '../lib/login-link.ts';
import { isSessionExpired, memberRead, requireMemberId } from '../lib/member-pages.server.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '收藏清單');

export const headers = noStoreHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const memberId = requireMemberId(request, url);
  const items = await memberRead(getWishlist(context.apiFetch, memberId));
  if (isSessionExpired(items)) return { expired: true as const, memberId, items: [] as WishlistItem[] };
  return { expired: false as const, memberId, items };
}

function WishlistRow({ item, onRemove }: { item: WishlistItem; onRemove: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const href = productHref({ id: item.products_id });
  return (
    <li className="wishlist-item">
      <ShopLink to={href} className="wishlist-item__media" tabIndex={-1} aria-hidden="true">
        {item.banner ? <img src={imageUrl(item.banner)} alt="" width={96} height={96} loading="lazy" /> : null}
      </ShopLink>
      <div className="wishlist-item__info">
        <ShopLink to={href} className="wishlist-item__name">
          {item.name}
        </ShopLink>
        <p className="wishlist-item__price">
          <strong>{formatNtd(item.on_sale_price)}</strong>
          {isOnSale(item) ? <del>{formatNtd(item.price)}</del> : null}
        </p>
        {item.available ? null : <p className="wishlist-item__note">目前未販售</p>}
      </div>
      <button
        type="button"
        className="button button--ghost wishlist-item__remove"
        disabled={busy}
        aria-label={`從收藏清單移除「${item.name}」`}
        onClick={() => {
          setBusy(true);
          void onRemove().finally(() => setBusy(false));
        }}
      >
        移除
      </button>
    </li>
  );
}

/** Issue 43 item 4: the member's kept products, newest first, each linking to its page. */
export default function MemberWishlist({ loaderData }: Route.ComponentProps) {
  const api = useApi();
  const [items, setItems] = useState(loaderData.items);
  const [problem, setProblem] = useState('');
  const remove = async (productId: number) => {
    setProblem('');
    try {
      setItems(await removeFromWishlist(api, loaderData.memberId, productId));
      forgetWishlistItem(productId);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '移除失敗，請稍後再試');
    }
  };
  return (
    <section className="member-wishlist" aria-labelledby="member-wishlist-title">
      <h1 id="member-wishlist-title" className="member-section__title">
        收藏清單
      </h1>
      {loaderData.expired ? (
        <p className="form-result form-result--error" role="alert">
          登入已逾時，請<ShopLink to={loginHref('/member/wishlist')}>重新登入</ShopLink>後再查看收藏清單。
        </p>
      ) : items.length === 0 ? (
        <div className="cart-empty">
          <EmptyState text="收藏清單是空的，在商品上按愛心即可收藏" />
          <ShopLink to="/products" className="button button--primary">
            去逛逛
          </ShopLink>
        </div>
      ) : (
        <ul className="wishlist-items">
          {items.map((item) => (
            <WishlistRow key={item.products_id} item={item} onRemove={() => remove(item.products_id)} />
          ))}
        </ul>
      )}
      {problem ? (
        <p className="form-result form-result--error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
