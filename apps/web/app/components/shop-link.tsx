import { createContext, useCallback, useContext, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import {
  Link,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
} from 'react-router';
import { currentReferralCode, isCurrentHref, withReferralCode } from '../lib/referral-code.ts';

// A page draws some 60 links, and React Router's <Link> resolves its path twice per link (each time
// through a JSON copy of the route matches): 8 % of a product page's render (decision 068). The
// shop's own links are absolute paths that need no resolving, so they are plain anchors that
// navigate as <Link> does; any other address still goes through <Link>.

/** The code read once per location, not once per link (every link of a render shares the object). */
const codeByLocation = new WeakMap<Location, string | null>();

function referralCodeAt(location: Location): string | null {
  let code = codeByLocation.get(location);
  if (code === undefined) {
    code = currentReferralCode(location);
    codeByLocation.set(location, code);
  }
  return code;
}

/** `to` with the shopper's referral code merged in (spec §2). */
export function useShopHref(): (to: string) => string {
  const code = referralCodeAt(useLocation());
  return useCallback((to: string) => withReferralCode(to, code), [code]);
}

/** navigate() that keeps the referral code; used by search boxes and forms. */
export function useShopNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const shopHref = useShopHref();
  return useCallback(
    (to: string, options?: NavigateOptions) => void navigate(shopHref(to), options),
    [navigate, shopHref],
  );
}

export type ShopLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string;
  /** Mark with aria-current="page" when the link points at the current page. */
  markCurrent?: boolean;
};

/**
 * One navigate for every ShopLink of the page: useNavigate in each of some 60 links was most of what a
 * link cost to render (decision 097). Its target is an absolute path, so which route's navigate does
 * not matter.
 */
const ShopNavigate = createContext<NavigateFunction | null>(null);

/** Gives the ShopLinks inside it the page's navigate (root.tsx's Layout wraps every page in it). */
export function ShopLinkNavigation({ children }: { children: ReactNode }) {
  return <ShopNavigate.Provider value={useNavigate()}>{children}</ShopNavigate.Provider>;
}

/** A path of this site, not an address elsewhere (`//host`, `https:`, `mailto:`) or a bare `#hash`. */
const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** A click the router takes over, as <Link> decides: the main button, no modifier, this window. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** Every internal link of the shop: a link whose query keeps the referral code. */
export function ShopLink({ to, markCurrent = false, onClick, ...rest }: ShopLinkProps) {
  const location = useLocation();
  const navigate = useContext(ShopNavigate);
  const href = withReferralCode(to, referralCodeAt(location));
  const current = markCurrent && isCurrentHref(to, location) ? 'page' : undefined;
  if (!isSitePath(href)) return <Link to={href} aria-current={current} onClick={onClick} {...rest} />;

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Outside ShopLinkNavigation the browser follows the link itself.
    if (!navigate || event.defaultPrevented || !isPlainClick(event, rest.target)) return;
    event.preventDefault();
    // As <Link>: a link to the page already shown replaces it in the history instead of adding it.
    const here = location.pathname + location.search + location.hash;
    void navigate(href, { replace: here === href });
  };
  // data-discover: the router fetches the routes a page links to before they are followed.
  return <a aria-current={current} {...rest} href={href} onClick={follow} data-discover="true" />;
}
