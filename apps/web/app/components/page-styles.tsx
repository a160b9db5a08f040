import { useMatches } from 'react-router';
import cartUrl from '../styles/cart.css?url';
import catalogueUrl from '../styles/catalogue.css?url';
import contentUrl from '../styles/content.css?url';
import membersUrl from '../styles/members.css?url';
import ordersUrl from '../styles/orders.css?url';
import { inlineSheetMark, type StyleGroup } from '../lib/inline-styles.ts';
import { useNonce } from '../lib/nonce.tsx';

// The server writes the stylesheet into <head>: no render-blocking request before the first paint
// (budget: LCP ≤ 2.0 s on a throttled phone). Only the base sheet and the page's own groups go in,
// so the home page does not carry the checkout's or the member centre's rules. The server writes a
// mark that becomes the sheet once the page is rendered (lib/inline-styles.ts), so the CSS text is
// only in the server bundle and React never handles it; a page reached by a
// client-side navigation gets a group it lacks as a cached file, and React shows the page once it
// has loaded (a stylesheet with `precedence` suspends the navigation).

const groupUrls: Record<StyleGroup, string> = {
  catalogue: catalogueUrl,
  content: contentUrl,
  members: membersUrl,
  cart: cartUrl,
  orders: ordersUrl,
};

/** The groups each route's page uses, by route id (routes.ts). Unlisted routes use the base sheet only. */
const GROUPS_BY_ROUTE: Record<string, StyleGroup[]> = {
  'routes/products': ['catalogue'],
  'routes/bundles': ['catalogue', 'content'],
  'routes/searching': ['catalogue', 'content'],
  'routes/coop': ['catalogue', 'content'],
  'routes/recommended': ['catalogue', 'content'],
  'routes/news': ['content'],
  'routes/news-detail': ['content'],
  'routes/courses': ['content'],
  'routes/course-detail': ['content'],
  'routes/about': ['content'],
  'routes/terms': ['content'],
  'routes/contact': ['content'],
  'routes/login': ['members'],
  'routes/login-line': ['members'],
  'routes/register': ['members'],
  'routes/forgot-password': ['members'],
  'routes/member': ['members', 'orders'],
  'routes/cart': ['cart'],
  'routes/payment-result': ['cart', 'orders'],
  'routes/searching-order': ['orders'],
};

/** Groups the server wrote into this document (React marks hoisted styles with data-href). */
const inlinedHere: ReadonlySet<string> =
  typeof document === 'undefined'
    ? new Set()
    : new Set(
        Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-href]')).flatMap((el) =>
          (el.dataset.href ?? '').split(' '),
        ),
      );

const styleKey = (name: string) => `shop-${name}`;

export function PageStyles() {
  const nonce = useNonce() || undefined;
  const groups = [...new Set(useMatches().flatMap((m) => GROUPS_BY_ROUTE[m.id] ?? []))];
  return (
    <>
      {/* React writes a hoisted <style> only when its nonce matches the stream's (entry.server.tsx). */}
      <style href={styleKey('base')} precedence="default" nonce={nonce}>
        {import.meta.env.SSR ? inlineSheetMark('base') : ''}
      </style>
      {groups.map((group) =>
        import.meta.env.SSR || inlinedHere.has(styleKey(group)) ? (
          <style key={group} href={styleKey(group)} precedence="default" nonce={nonce}>
            {import.meta.env.SSR ? inlineSheetMark(group) : ''}
          </style>
        ) : (
          <link key={group} rel="stylesheet" href={groupUrls[group]} precedence="default" />
        ),
      )}
    </>
  );
}
