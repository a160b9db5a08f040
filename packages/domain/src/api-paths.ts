// spec §6: the API paths a guest calls as they are, without the guest path or a token. One list for
// the storefront's server renders and its browser code.

/** The first segments of spec §6's exempt paths, below `/api/v1/`. */
export const EXEMPT_API_PATHS = [
  'login',
  'members/auth',
  'members-signup',
  'products-preview',
  'members-forgot-password',
  'ecpay-payment',
  'get-member-register-verifacation-code',
] as const;

/**
 * Whether `/api/v1/...` is one of the exempt paths or below one. Matched on the path alone, segment
 * by segment: a search for 「login」 (`/search?keyword=login`) or a product named after a path is not
 * exempt, and takes the guest path like any other read.
 */
export function isExemptApiPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  if (!path.startsWith('/api/v1/')) return false;
  const rest = path.slice('/api/v1/'.length);
  return EXEMPT_API_PATHS.some((exempt) => rest === exempt || rest.startsWith(`${exempt}/`));
}
