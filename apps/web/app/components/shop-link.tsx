import { useCallback, type Ref } from 'react';
import { Link, useLocation, useNavigate, type LinkProps, type NavigateOptions } from 'react-router';
import { currentReferralCode, isCurrentHref, withReferralCode } from '../lib/referral-code.ts';

/** `to` with the shopper's referral code merged in (spec §2). */
export function useShopHref(): (to: string) => string {
  const location = useLocation();
  const code = currentReferralCode(location);
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

export type ShopLinkProps = Omit<LinkProps, 'to'> & {
  to: string;
  /** Mark with aria-current="page" when the link points at the current page. */
  markCurrent?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** Every internal link of the shop: a router Link whose query keeps the referral code. */
export function ShopLink({ to, markCurrent = false, ...rest }: ShopLinkProps) {
  const shopHref = useShopHref();
  const location = useLocation();
  const current = markCurrent && isCurrentHref(to, location);
  return <Link to={shopHref(to)} aria-current={current ? 'page' : undefined} {...rest} />;
}
