import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { BrandPosition } from '@shop/domain';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import {
  CONSENT_CHANGED_EVENT,
  OPEN_CONSENT_EVENT,
  readConsent,
  saveConsent,
  type Consent,
} from '../../lib/consent.ts';

function onConsentChange(listener: () => void) {
  window.addEventListener(CONSENT_CHANGED_EVENT, listener);
  return () => window.removeEventListener(CONSENT_CHANGED_EVENT, listener);
}
import { ShopLink } from '../shop-link.tsx';

/**
 * Issue 43 item 5 (個人資料保護法): the shop's analytics (GA4, Meta Pixel) wait for the shopper's 「同意」.
 * Shown after the page came alive when no choice is kept, or again from the footer's 「Cookie 設定」;
 * never in the server HTML, so a kept guest page is the same for everyone.
 */
export function ConsentBanner({ services }: { services: string[] }) {
  // 'unknown' in the server HTML: the banner appears only once the browser read the cookie.
  const choice = useSyncExternalStore<Consent | null | 'unknown'>(onConsentChange, readConsent, () => 'unknown');
  const [reopened, setReopened] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const reopen = () => {
      setReopened(true);
      // From the footer: focus moves to the banner so a keyboard user lands on the choice.
      window.setTimeout(() => heading.current?.focus(), 0);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (choice === 'unknown' || (choice !== null && !reopened) || services.length === 0) return null;
  const decide = (next: Consent) => {
    saveConsent(next);
    setReopened(false);
  };
  return (
    <section className="consent-banner" role="region" aria-labelledby="consent-heading">
      <h2 id="consent-heading" className="consent-banner__title" tabIndex={-1} ref={heading}>
        Cookie 與分析工具
      </h2>
      <p className="consent-banner__text">
        經您同意後，本站才會載入 {services.join('、')}，以了解商品瀏覽與購買情形、改善服務。拒絕不影響購物；
        您隨時可在頁尾「Cookie 設定」變更。詳見
        <ShopLink to={hrefWithQuery('/terms/privacy', { t: BrandPosition.Privacy })}>隱私權聲明</ShopLink>。
        {choice ? (
          <span className="consent-banner__now">目前：{choice === 'granted' ? '已同意' : '已拒絕'}</span>
        ) : null}
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--ghost" onClick={() => decide('denied')}>
          拒絕
        </button>
        <button type="button" className="button button--primary" onClick={() => decide('granted')}>
          同意
        </button>
      </div>
    </section>
  );
}

/** The footer's way back to the choice. */
export function ConsentSettingsButton() {
  return (
    <button
      type="button"
      className="site-footer__consent"
      onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
    >
      Cookie 設定
    </button>
  );
}
