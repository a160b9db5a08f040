// First: before any module builds a schema (lib/zod-without-eval.ts).
import './lib/zod-without-eval.ts';
import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import './load-context.ts';
import { DefaultLayout } from './components/layout/default-layout.tsx';
import { ShopLinkNavigation } from './components/shop-link.tsx';
import { loadRootData, rootDataOf, useRootData } from './root-data.ts';
import { RouteErrorBoundary, errorMessage, errorStatus } from './components/route-error.tsx';
import { SessionKeeper } from './features/auth/session-keeper.tsx';
import { CartJoinNotices } from './features/cart/cart-join-notices.tsx';
import { analyticsIdsOf, useAnalytics } from './lib/analytics.tsx';
import { imageUrl, setUploadsBase } from './lib/image-url.ts';
import { pageMeta } from './lib/page-meta.ts';
import { PageStyles } from './components/page-styles.tsx';
import { useNonce } from './lib/nonce.tsx';
import { appScriptsBoot } from './lib/app-scripts-after-paint.ts';
import { isBackOfficePath, usesOwnLayout } from './features/admin/back-office-path.ts';

// An error page is never a page of its own for search engines (decision 075).
export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? pageMeta(matches, errorMessage(errorStatus(error)).title, [{ name: 'robots', content: 'noindex' }])
    : pageMeta(matches, '');

export async function loader(args: Route.LoaderArgs) {
  return loadRootData(args);
}

/** spec §4: lists load once; a login or logout reloads the whole page, so only submissions refresh the root. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isBackOfficePath(currentUrl.pathname) !== isBackOfficePath(nextUrl.pathname)) return true;
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  // Before any image URL of the page is built (the server set its own at start, entry.server.tsx).
  if (typeof document !== 'undefined') setUploadsBase(data?.uploadsBase);
  const favicon = imageUrl(data?.settings?.index_favicon) || '/favicon.svg';
  const nonce = useNonce() || undefined;
  // The back office links its own stylesheet; the storefront's inlined sheet stays out of its pages.
  const ownLayout = usesOwnLayout(useMatches());
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#fbf8f4" />
        <link rel="icon" href={favicon} />
        <Meta />
        {ownLayout ? null : <PageStyles />}
        <Links />
      </head>
      <body>
        <ShopLinkNavigation>{children}</ShopLinkNavigation>
        {/* Before React Router's scripts: it turns them on once the first screen is painted. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: appScriptsBoot }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

declare global {
  interface Window {
    /** Set once React has hydrated the page; browser tests wait for it before clicking. */
    __shopHydrated?: boolean;
  }
}

export default function App({ loaderData: loaded }: Route.ComponentProps) {
  const loaderData = rootDataOf(loaded);
  const ownLayout = usesOwnLayout(useMatches());
  // Issue 43 item 5: the storefront's analytics, after the shopper's consent; never in the back office.
  useAnalytics(ownLayout ? { ga4: null, metaPixel: null } : analyticsIdsOf(loaderData.settings));
  useEffect(() => {
    window.__shopHydrated = true;
  }, []);
  if (ownLayout) return <Outlet />;
  return (
    <DefaultLayout data={loaderData}>
      <SessionKeeper tokenExpired={loaderData.session.tokenExpired} />
      <CartJoinNotices />
      <Outlet />
    </DefaultLayout>
  );
}

export function ErrorBoundary() {
  const data = useRootData();
  // With root data the shopper keeps the header and footer; without it (the root loader failed) a bare page.
  if (data) {
    return (
      <DefaultLayout data={data}>
        <RouteErrorBoundary />
      </DefaultLayout>
    );
  }
  return (
    <main id="main" className="site-main">
      <RouteErrorBoundary />
    </main>
  );
}
