import baseCss from '../styles/app.css?inline';
import cartCss from '../styles/cart.css?inline';
import catalogueCss from '../styles/catalogue.css?inline';
import contentCss from '../styles/content.css?inline';
import membersCss from '../styles/members.css?inline';
import ordersCss from '../styles/orders.css?inline';
import { inlineSheetMark, type InlineSheet } from './inline-styles.ts';

// The server half of inline-styles.ts: each mark React wrote in <head> becomes its sheet. Only the
// head is searched: the marks are written there, and a page's body is most of its bytes.

const css: Record<InlineSheet, string> = {
  base: baseCss,
  catalogue: catalogueCss,
  content: contentCss,
  members: membersCss,
  cart: cartCss,
  orders: ordersCss,
};

/** A mark and the sheet that takes its place, as text for a streamed page and as bytes for a whole one. */
export interface SheetSplice {
  mark: string;
  css: string;
  markBytes: Buffer;
  cssBytes: Buffer;
}

export const sheetSplice = (mark: string, css: string): SheetSplice => ({
  mark,
  css,
  markBytes: Buffer.from(mark),
  cssBytes: Buffer.from(css),
});

/** The shop's sheets, encoded once. */
export const inlineSheets: readonly SheetSplice[] = Object.entries(css).map(([sheet, text]) =>
  sheetSplice(inlineSheetMark(sheet as InlineSheet), text),
);

/** The marks in `head` (text that ends at or before `</head>`) replaced by their sheets. */
export function inlineSheetsIn(head: string, sheets: readonly SheetSplice[]): string {
  let out = head;
  for (const { mark, css } of sheets) {
    // A function, so that a `$` in the CSS is never read as a replacement pattern.
    if (out.includes(mark)) out = out.replace(mark, () => css);
  }
  return out;
}
