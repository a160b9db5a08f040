// Limits of a cart line (spec §4 Cart, docs/decisions/009), apart from the Zod schemas so a page that
// needs only the number (the header's cart badge, the cart page) does not load Zod with it.

/** Most units of one cart line: a shop, not a wholesaler; also keeps totals far inside an integer. */
export const CART_QTY_MAX = 999;

/** Lines one merge call takes of each kind; the web sends a larger guest cart in several calls. */
export const CART_MERGE_LINES_MAX = 100;
