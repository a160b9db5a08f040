import { useEffect, useState } from 'react';
import type { FollowUs, SpecialArea } from '../../api/types.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { ArrowUpIcon, LineIcon, TelegramIcon, WhatsAppIcon } from '../icons.tsx';
import { ShopLink } from '../shop-link.tsx';

function isExternal(url: string) {
  return /^https?:\/\//i.test(url);
}

/** spec §2 fixed button group: LINE / WhatsApp / Telegram, closable ad images, scroll-to-top. */
export function FixedButtons({
  followUs,
  ads,
}: {
  followUs: FollowUs | null;
  ads: ReadonlyArray<Pick<SpecialArea, 'id' | 'url' | 'pic' | 'name'>>;
}) {
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const [showTop, setShowTop] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      // spec §2: the button appears once the shopper has scrolled past one screen height.
      setShowTop(window.scrollY > window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const social = [
    { href: followUs?.line, label: 'LINE 客服', className: 'fab--line', Icon: LineIcon },
    { href: followUs?.whatsapp, label: 'WhatsApp 客服', className: 'fab--whatsapp', Icon: WhatsAppIcon },
    { href: followUs?.telegram, label: 'Telegram 客服', className: 'fab--telegram', Icon: TelegramIcon },
  ].filter((s) => !!s.href);
  const openAds = ads.filter((ad) => ad.pic && !closed.has(ad.id));

  const scrollTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <aside className="fixed-buttons" aria-label="快速連結">
      {openAds.map((ad) => {
        const image = (
          <img
            src={imageUrl(ad.pic)}
            alt={ad.name || '活動廣告'}
            width={120}
            height={120}
            loading="lazy"
            decoding="async"
          />
        );
        return (
          <div key={ad.id} className="fixed-ad">
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
              onClick={() => setClosed((prev) => new Set(prev).add(ad.id))}
            >
              ×
            </button>
          </div>
        );
      })}
      {social.map(({ href, label, className, Icon }) => (
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
      ))}
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
    </aside>
  );
}
