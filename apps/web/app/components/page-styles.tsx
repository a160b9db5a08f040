import { useMatches } from 'react-router';
import baseUrl from '../styles/app.css?url';
import cartUrl from '../styles/cart.css?url';
import catalogueUrl from '../styles/catalogue.css?url';
import contentUrl from '../styles/content.css?url';
import membersUrl from '../styles/members.css?url';
import ordersUrl from '../styles/orders.css?url';

// Each storefront page links the base sheet and its own groups as files with hashed names, kept for a
// year (decision 088): a shopper's browser fetches each once, and a page's HTML carries no CSS, so
// the server neither writes nor sends ~30 KB of the same text on every render. Only the groups a page
// uses are linked, so the home page does not load the checkout's or the member centre's rules; after a
// client-side navigation React loads a group the page lacks and shows the page once it has arrived
// (a stylesheet with `precedence` suspends the navigation).

type StyleGroup = 'catalogue' | 'content' | 'members' | 'cart' | 'orders';

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

export function PageStyles() {
  const groups = [...new Set(useMatches().flatMap((m) => GROUPS_BY_ROUTE[m.id] ?? []))];
  return (
    <>
      <link rel="stylesheet" href={baseUrl} precedence="default" />
      {groups.map((group) => (
        <link key={group} rel="stylesheet" href={groupUrls[group]} precedence="default" />
      ))}
    </>
  );
}
