import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ShopLink } from '../../components/shop-link.tsx';
import { JOIN_NOTICES_EVENT, browserNoticeStorage, takeJoinNotices } from './join-notices.ts';

/**
 * Issue 20 item 11: after the guest cart joined the member's, says on whatever page the shopper lands
 * which lines were kept with fewer units than the guest had, or left out, and why. Shown until closed,
 * across the pages the shopper opens meanwhile; a reload does not bring it back.
 */
export function CartJoinNotices() {
  const [notices, setNotices] = useState<string[]>([]);
  const { pathname } = useLocation();

  useEffect(() => {
    const storage = browserNoticeStorage();
    if (!storage) return;
    const take = () => {
      const waiting = takeJoinNotices(storage);
      if (waiting.length) setNotices((shown) => [...shown, ...waiting]);
    };
    take();
    window.addEventListener(JOIN_NOTICES_EVENT, take);
    return () => window.removeEventListener(JOIN_NOTICES_EVENT, take);
  }, []);

  return (
    // Always in the page (empty, no height) so screen readers announce the notices when they appear; a
    // live region without the status role, which pages keep for their own one message.
    <div className="container join-notices" aria-live="polite">
      {notices.length ? (
        <section className="join-notices__box" aria-label="購物車調整通知">
          <p className="join-notices__title">會員購物車已合併，部分商品數量有調整：</p>
          <ul className="join-notices__list">
            {notices.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
          <div className="join-notices__actions">
            {pathname === '/cart' ? null : (
              <ShopLink to="/cart" className="button button--ghost">
                查看購物車
              </ShopLink>
            )}
            <button type="button" className="text-button" onClick={() => setNotices([])}>
              知道了
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
