// A cart line's quantity against the stock left (issue 20 item 11). The product and cart pages cap
// their steppers with it, the carts API refuses with it and the join of a guest cart at login keeps
// what it allows, so the three never disagree on a number.
import { CART_QTY_MAX } from './cart-limits.ts';
import { msg } from './messages.ts';

/** Most units one line may hold: the stock left when tracked (null = not tracked), never above CART_QTY_MAX. */
export function lineQtyLimit(stock: number | null | undefined): number {
  if (stock === null || stock === undefined) return CART_QTY_MAX;
  return Math.max(0, Math.min(CART_QTY_MAX, Math.trunc(stock)));
}

/** What became of one guest line at the join: all of it, part of it, none (sold out), none (not on sale). */
export type CartMergeOutcome = 'added' | 'capped' | 'sold_out' | 'unavailable';

export interface MergedQty {
  /** Units of the guest line that joined the member's line. */
  added: number;
  /** Units the member's line holds afterwards. */
  kept: number;
  outcome: Exclude<CartMergeOutcome, 'unavailable'>;
}

/**
 * A guest line joining the member's line of the same item: as many units as fit under the line limit
 * join; the member's own units are never taken away, even when the stock fell below them.
 */
export function mergeLineQty(line: { asked: number; inCart: number; stock: number | null }): MergedQty {
  const room = Math.max(0, lineQtyLimit(line.stock) - line.inCart);
  const added = Math.min(line.asked, room);
  const kept = line.inCart + added;
  return { added, kept, outcome: added === line.asked ? 'added' : kept === 0 ? 'sold_out' : 'capped' };
}

/**
 * What the shopper is told about one merged line (null when all of it joined): which item, the stock
 * left and what the cart kept.
 */
export function mergeNotice(line: {
  name: string;
  kept: number;
  stock: number | null;
  outcome: CartMergeOutcome;
}): string | null {
  const { name, kept, stock } = line;
  switch (line.outcome) {
    case 'added':
      return null;
    case 'unavailable':
      return msg.mergeUnavailable(name);
    case 'sold_out':
      return msg.mergeSoldOut(name);
    case 'capped':
      if (stock === null || stock >= CART_QTY_MAX) return msg.mergeLineMax(name, kept);
      // The member's line already held more than is left: nothing joined, and the cart page flags it.
      return kept > stock ? msg.mergeNothingAdded(name, stock, kept) : msg.mergeKept(name, stock, kept);
  }
}
