// Bonus points an order earns (issue 21 item 1): a percentage, set per member level, of what the
// goods cost after every discount and the points spent (shipping earns nothing). They are held as
// 待入帳紅利 until the return window closes, then credited; a return takes its share back first.

/** The highest rate a level may give: 20 % back is already a promotion, not a loyalty scheme. */
export const BONUS_RATE_MAX = 20;

/** What the goods of an order cost the shopper, in NT$: pay_amount without shipping. */
export function earningBase(order: { pay_amount: number; shipping: number }): number {
  return Math.max(0, order.pay_amount - order.shipping);
}

/** Points earned at `ratePercent` (0–BONUS_RATE_MAX), rounded down: NT$199 at 1 % earns 1 point. */
export function earnedPoints(order: { pay_amount: number; shipping: number }, ratePercent: number): number {
  if (!Number.isFinite(ratePercent) || ratePercent <= 0) return 0;
  const rate = Math.min(ratePercent, BONUS_RATE_MAX);
  return Math.floor((earningBase(order) * rate) / 100);
}

/**
 * The points a refund takes back from those an order earned: the refunded share of the goods,
 * rounded up (a refund never leaves points for money that went back), at most all of them.
 */
export function pointsTakenBack(
  earned: number,
  order: { pay_amount: number; shipping: number },
  refundAmount: number,
): number {
  const base = earningBase(order);
  if (earned <= 0 || refundAmount <= 0 || base === 0) return 0;
  if (refundAmount >= base) return earned;
  return Math.min(earned, Math.ceil((earned * refundAmount) / base));
}

/** The upline's share of a downline order's goods (decision 013): `percent` of `revenue`, rounded down. */
export function downlineBonus(revenue: number, percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0 || revenue <= 0) return 0;
  return Math.floor((revenue * Math.min(percent, BONUS_RATE_MAX)) / 100);
}
