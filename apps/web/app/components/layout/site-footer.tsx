import type { FollowUs, SystemSettings } from '../../api/types.ts';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { FacebookIcon, InstagramIcon, LineIcon, MailIcon, PhoneIcon, PinIcon } from '../icons.tsx';
import { analyticsIdsOf } from '../../lib/analytics.tsx';
import { ShopLink } from '../shop-link.tsx';
import { ConsentSettingsButton } from './consent-banner.tsx';
import { MEMBER_CENTRE_LINKS } from './side-menu.tsx';

interface SiteFooterProps {
  settings: SystemSettings | null;
  followUs: FollowUs | null;
  categories: ReadonlyArray<{ id: number; name: string }>;
  tags: ReadonlyArray<{ id: number; name: string }>;
}

/** The shop's own pages in 逛逛, before the sharing-zone categories. */
const EXPLORE_LINKS = [
  { to: '/products?all=1', label: '全部商品' },
  { to: '/bundles', label: '優惠活動' },
  { to: '/news', label: '最新消息' },
  { to: '/about', label: '關於我們' },
  { to: '/contact', label: '聯絡我們' },
] as const;

function FooterLinks({ links }: { links: ReadonlyArray<{ key: string | number; to: string; label: string }> }) {
  return (
    <ul className="site-footer__links">
      {links.map((link) => (
        <li key={link.key}>
          <ShopLink to={link.to} markCurrent>
            {link.label}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

function HotSearches({ tags }: Pick<SiteFooterProps, 'tags'>) {
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="footer-tags">
      <h2 id="footer-tags" className="site-footer__heading">
        熱門搜尋
      </h2>
      <ul className="tag-list">
        {tags.map((tag) => (
          <li key={tag.id ?? tag.name}>
            <ShopLink className="tag-chip" to={hrefWithQuery('/searching', { keyword: tag.name })}>
              #{tag.name}
            </ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The service phone, email, address and tax id the owner filled in, and the shop's social pages. */
function FooterContact({ settings, followUs }: Pick<SiteFooterProps, 'settings' | 'followUs'>) {
  const social = [
    { href: followUs?.facebook, label: 'Facebook', Icon: FacebookIcon },
    { href: followUs?.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: followUs?.line, label: 'LINE', Icon: LineIcon },
  ].filter((s) => !!s.href);
  return (
    <section aria-labelledby="footer-contact">
      <h2 id="footer-contact" className="site-footer__heading">
        聯絡我們
      </h2>
      <ul className="site-footer__contact">
        {settings?.service_phone ? (
          <li>
            <PhoneIcon size={18} />
            <a href={`tel:${settings.service_phone.replace(/[^\d+]/g, '')}`}>{settings.service_phone}</a>
          </li>
        ) : null}
        {settings?.service_email ? (
          <li>
            <MailIcon size={18} />
            <a href={`mailto:${settings.service_email}`}>{settings.service_email}</a>
          </li>
        ) : null}
        {settings?.service_address ? (
          <li>
            <PinIcon size={18} />
            <span>{settings.service_address}</span>
          </li>
        ) : null}
        {settings?.service_tax_id ? <li className="site-footer__tax">統一編號 {settings.service_tax_id}</li> : null}
      </ul>
      {social.length > 0 ? (
        <ul className="site-footer__social">
          {social.map(({ href, label, Icon }) => (
            <li key={label}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label}（另開新視窗）`}>
                <Icon size={22} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** spec §2 Footer: terms, news, products, sharing-zone categories, hot-search tags, contact, social, © 2024. */
export function SiteFooter({ settings, followUs, categories, tags }: SiteFooterProps) {
  const title = settings?.website_title ?? '';
  const ids = analyticsIdsOf(settings);
  const hasAnalytics = Boolean(ids.ga4 || ids.metaPixel);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-guide">
          <h2 id="footer-guide" className="site-footer__heading">
            購物指南
          </h2>
          <FooterLinks links={MEMBER_CENTRE_LINKS.map((link) => ({ ...link, key: link.to }))} />
        </section>
        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="site-footer__heading">
            逛逛
          </h2>
          <FooterLinks
            links={[
              ...EXPLORE_LINKS.map((link) => ({ ...link, key: link.to })),
              ...categories.map((category) => ({
                key: category.id,
                to: hrefWithQuery('/recommended', { t: category.id }),
                label: category.name,
              })),
            ]}
          />
        </section>
        <HotSearches tags={tags} />
        <FooterContact settings={settings} followUs={followUs} />
      </div>
      <p className="site-footer__copyright">
        © 2024 {title}
        {hasAnalytics ? <ConsentSettingsButton /> : null}
      </p>
    </footer>
  );
}
