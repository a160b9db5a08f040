// The storefront's browsing pages a guest reaches by their address, as the stories that walk all of
// them (fit to the screen, no policy violation) list them.

/** The pages besides the product lists, the home page, the cart and the account pages. */
export const BROWSING_PAGES = [
  '/bundles',
  '/searching?keyword=茶',
  '/news',
  '/recommended',
  '/about',
  '/terms/members?t=1',
  '/terms/problem',
  '/contact',
  '/coop/DEMOKOL',
] as const;
