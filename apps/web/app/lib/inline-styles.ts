// The server writes the page's stylesheets into <head> (components/page-styles.tsx). React would
// escape and encode some 30 KB of CSS text on every render; instead it writes a short mark, and the
// finished page's bytes get the sheet's bytes, encoded once at start (inline-styles.server.ts).

export type StyleGroup = 'catalogue' | 'content' | 'members' | 'cart' | 'orders';
export type InlineSheet = StyleGroup | 'base';

/**
 * What React writes in place of a sheet. It starts with `<`, which React escapes in every text and
 * attribute it writes, so nothing a shopper or the back office typed can ever look like one.
 */
export const inlineSheetMark = (sheet: InlineSheet) => `<inline-sheet ${sheet}>`;
