import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/use-api.ts';
import { ShopLink, useShopNavigate } from '../../components/shop-link.tsx';
import css from './add-to-cart.css?inline';
import { CartError, addToCart, type CartTarget } from './cart-actions.ts';
import { browserCartStorage, currentMemberId } from './cart-owner.ts';
import { itemOf, track } from '../../lib/analytics.tsx';
import { useNonce } from '../../lib/nonce.tsx';

export interface AddToCartProps {
  kind: 'product' | 'package';
  id: number;
  /** The chosen spec; null/undefined for a package or a product without specs. */
  specId?: number | null;
  qty: number;
  disabled?: boolean;
  /** What the analytics call it (issue 43 item 5); no add_to_cart event without it. */
  item?: { name: string; specName: string; price: number };
}

type Feedback = { ok: true; text: string } | { ok: false; text: string } | null;

const TOAST_MS = 4000;

/**
 * spec §4 Cart: 「加入購物車」 and 「立即購買」 for the product, package and bundle pages. Members' lines go to
 * the server cart, guests' to local storage; the header badge updates, and a toast in a live region
 * confirms (or explains a failure) to sighted and screen-reader shoppers alike.
 */
export function AddToCart({ kind, id, specId = null, qty, disabled = false, item }: AddToCartProps) {
  const api = useApi();
  const navigate = useShopNavigate();
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<number | undefined>(undefined);
  // The page's CSP nonce: React writes the hoisted <style> into the server HTML only with it, and the
  // browser applies the one React inserts after a client-side navigation only with it (entry.client.tsx).
  const nonce = useNonce() || undefined;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (then: 'add' | 'buy') => {
    const target: CartTarget = { kind, id, specId: specId ?? null, qty };
    setBusy(then);
    setFeedback(null);
    window.clearTimeout(timer.current);
    try {
      await addToCart({ api, memberId: currentMemberId(), storage: browserCartStorage() }, target);
      if (item) {
        const added = itemOf({
          kind,
          itemId: id,
          name: item.name,
          specName: item.specName,
          salePrice: item.price,
          qty,
        });
        track('add_to_cart', { value: item.price * qty, items: [added] });
      }
      if (then === 'buy') {
        navigate('/cart');
        return;
      }
      setFeedback({ ok: true, text: '已加入購物車' });
    } catch (error) {
      setFeedback({ ok: false, text: error instanceof CartError ? error.message : '加入購物車失敗，請稍後再試' });
    } finally {
      setBusy(null);
    }
    timer.current = window.setTimeout(() => setFeedback(null), TOAST_MS);
  };

  return (
    <div className="add-to-cart">
      <style href="shop-add-to-cart" precedence="default" nonce={nonce}>
        {css}
      </style>
      <button
        type="button"
        className="button button--ghost"
        disabled={disabled || busy !== null}
        onClick={() => void submit('add')}
      >
        {busy === 'add' ? '加入中…' : '加入購物車'}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || busy !== null}
        onClick={() => void submit('buy')}
      >
        {busy === 'buy' ? '處理中…' : '立即購買'}
      </button>
      {/* Always in the DOM so screen readers announce the text when it appears. */}
      <div
        className={`cart-toast${feedback && !feedback.ok ? ' cart-toast--error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {feedback ? (
          <>
            <p className="cart-toast__text">{feedback.text}</p>
            {feedback.ok ? <ShopLink to="/cart">前往結帳</ShopLink> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
