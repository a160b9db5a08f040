import { useState } from 'react';
import type { FollowUs, SpecialArea } from '../../api/types.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { ArrowUpIcon, LineIcon, TelegramIcon, WhatsAppIcon } from '../icons.tsx';
import { ShopLink } from '../shop-link.tsx';
import { useScrollReading } from './scroll-reading.ts';

function isExternal(url: string) {
  return /^https?:\/\//i.test(url);
}

type FixedAdView = Pick<SpecialArea, 'id' | 'url' | 'pic' | 'name'>;

/** spec §2: the 回到頁首 button appears once the shopper has scrolled past one screen height. */
const readPastOneScreen = () => window.scrollY > window.innerHeight;

/** An ad image, linked when it has a link (another site's in a new tab), with its 關閉 button. */
function FixedAd({ ad, onClose }: { ad: FixedAdView; onClose: () => void }) {
  const image = (
    <img src={imageUrl(ad.pic)} alt={ad.name || '活動廣告'} width={120} height={120} loading="lazy" decoding="async" />
  );
  return (
    <div className="fixed-ad">
      {ad.url ? (
        isExternal(ad.url) ? (
          <a href={ad.url} target="_blank" rel="noopener noreferrer">
            {image}
          </a>
        ) : (
          <ShopLink to={ad.url}>{image}</ShopLink>
        )
      ) : (
        image
      )}
      <button
        type="button"
        className="fixed-ad__close"
        aria-label={`關閉廣告${ad.name ? `：${ad.name}` : ''}`}
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}

/** The shop's LINE, WhatsApp and Telegram, each in a new tab, for those the owner filled in. */
function SocialButtons({ followUs }: { followUs: FollowUs | null }) {
  const social = [
    { href: followUs?.line, label: 'LINE 客服', className: 'fab--line', Icon: LineIcon },
    { href: followUs?.whatsapp, label: 'WhatsApp 客服', className: 'fab--whatsapp', Icon: WhatsAppIcon },
    { href: followUs?.telegram, label: 'Telegram 客服', className: 'fab--telegram', Icon: TelegramIcon },
  ].filter((s) => !!s.href);
  return social.map(({ href, label, className, Icon }) => (
    <a
      key={label}
      className={`fab ${className}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label}（另開新視窗）`}
    >
      <Icon size={26} />
    </a>
  ));
}

function ScrollTopButton() {
  const showTop = useScrollReading(readPastOneScreen, false);
  const scrollTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      className={`fab fab--top${showTop ? ' is-visible' : ''}`}
      aria-label="回到頁首"
      onClick={scrollTop}
      tabIndex={showTop ? 0 : -1}
      aria-hidden={!showTop}
    >
      <ArrowUpIcon />
    </button>
  );
}

/** spec §2 fixed button group: LINE / WhatsApp / Telegram, closable ad images, scroll-to-top. */
export function FixedButtons({ followUs, ads }: { followUs: FollowUs | null; ads: ReadonlyArray<FixedAdView> }) {
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const openAds = ads.filter((ad) => ad.pic && !closed.has(ad.id));
  return (
    <aside className="fixed-buttons" aria-label="快速連結">
      {openAds.map((ad) => (
        <FixedAd key={ad.id} ad={ad} onClose={() => setClosed((prev) => new Set(prev).add(ad.id))} />
      ))}
      <SocialButtons followUs={followUs} />
      <ScrollTopButton />
    </aside>
  );
}
