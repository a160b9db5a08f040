// spec §5: promotion-bundle discount rules, their description text and the NT$ they take off.
import { z } from 'zod';
import { PromotionType } from './enums.ts';
import { parseJsonSafe } from './encoded-list.ts';

/** One tier of a rule: buy `amount` items, get `value` (a percentage paid, NT$ off, or a group price). */
export const discountTierSchema = z.object({ amount: z.number(), value: z.number() });
export type DiscountTier = z.infer<typeof discountTierSchema>;

/** spec §3: a bundle's discount rule (`type` a PromotionType); `rule` is a JSON list (text or parsed) whose first entry counts. */
export const discountRuleSchema = z.object({
  type: z.number().int(),
  rule: z.union([z.string(), z.array(discountTierSchema)]),
});
export type DiscountRule = z.infer<typeof discountRuleSchema>;

function toPositiveNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * The first tier of a rule, or null when the rule cannot be used: unparsable, empty, amount not a
 * positive integer, value not positive, or (PercentDiscount) a percentage of 100 or more, which
 * would be no discount or a surcharge. Numeric strings are accepted ("2") as hand-edited JSON has them.
 */
export function parseDiscountTier(discount: DiscountRule | null | undefined): DiscountTier | null {
  if (!discount) return null;
  const raw = typeof discount.rule === 'string' ? parseJsonSafe(discount.rule) : discount.rule;
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (typeof first !== 'object' || first === null) return null;
  const amount = toPositiveNumber((first as Record<string, unknown>).amount);
  const value = toPositiveNumber((first as Record<string, unknown>).value);
  if (amount === undefined || value === undefined || !Number.isInteger(amount)) return null;
  if (Number(discount.type) === PromotionType.PercentDiscount && value >= 100) return null;
  return { amount, value };
}

/**
 * How Taiwan writes a percentage paid as 折: 80 → "8", 85 → "85", 75 → "75" (a trailing zero is
 * dropped). Under 10 % it is a decimal, 5 → "0.5", because "5 折" would read as half price.
 */
export function formatZhe(percentPaid: number): string {
  if (percentPaid < 10) return String(percentPaid / 10);
  return percentPaid % 10 === 0 ? String(percentPaid / 10) : String(percentPaid);
}

/** spec §5: 「任選 N 件 M 折」/「任選 N 件折 M 元」/「任選 N 件 M 元」; '' when the rule cannot be used. */
export function describeDiscount(discount: DiscountRule | null | undefined): string {
  const tier = parseDiscountTier(discount);
  if (!discount || !tier) return '';
  switch (Number(discount.type)) {
    case PromotionType.PercentDiscount:
      return `任選 ${tier.amount} 件 ${formatZhe(tier.value)} 折`;
    case PromotionType.AmountDiscount:
      return `任選 ${tier.amount} 件折 ${tier.value} 元`;
    case PromotionType.CombinedPrice:
      return `任選 ${tier.amount} 件 ${tier.value} 元`;
    default:
      return '';
  }
}

export interface BundleLine {
  unitPrice: number;
  qty: number;
}

/**
 * NT$ taken off a bundle cart by the rule's first tier, applied once per full group of N items.
 *
 * Groups are formed from the highest-priced items first. Why: it is the reading a shopper expects
 * from 「任選」 (the best deal the basket allows), it does not depend on the order of cart lines, so the
 * cart page and the server always agree, and leftovers are the cheapest items — no shopper can gain
 * by splitting or re-ordering lines. For AmountDiscount the choice makes no difference.
 *
 * - PercentDiscount: a group pays round(sum × value / 100), so it saves sum − that.
 * - AmountDiscount: M off per group, never more than the group's sum.
 * - CombinedPrice: a group costs M; a group already cheaper than M saves nothing (never negative).
 * Bad lines (non-finite, negative price, non-positive qty) are ignored; qty is floored to whole items.
 */
export function bundleDiscountFor(discount: DiscountRule | null | undefined, lines: readonly BundleLine[]): number {
  const tier = parseDiscountTier(discount);
  if (!discount || !tier) return 0;
  const type = Number(discount.type);
  if (
    type !== PromotionType.PercentDiscount &&
    type !== PromotionType.AmountDiscount &&
    type !== PromotionType.CombinedPrice
  ) {
    return 0;
  }

  const groupSaving = (sum: number): number => {
    if (type === PromotionType.PercentDiscount) return sum - Math.round((sum * tier.value) / 100);
    if (type === PromotionType.AmountDiscount) return Math.min(tier.value, sum);
    return Math.max(0, sum - tier.value);
  };

  // Runs of equal-priced items, dearest first; whole groups inside one run are counted in bulk so a
  // huge qty costs no memory or time.
  const runs = lines
    .filter(({ unitPrice, qty }) => Number.isFinite(unitPrice) && unitPrice >= 0 && Number.isFinite(qty) && qty >= 1)
    .map(({ unitPrice, qty }) => ({ price: unitPrice, count: Math.floor(qty) }))
    .sort((a, b) => b.price - a.price);

  const n = tier.amount;
  let total = 0;
  let groupSum = 0;
  let groupSize = 0;
  for (const run of runs) {
    let left = run.count;
    while (left > 0) {
      if (groupSize === 0 && left >= n) {
        const whole = Math.floor(left / n);
        total += whole * groupSaving(run.price * n);
        left -= whole * n;
        continue;
      }
      const take = Math.min(left, n - groupSize);
      groupSum += take * run.price;
      groupSize += take;
      left -= take;
      if (groupSize === n) {
        total += groupSaving(groupSum);
        groupSum = 0;
        groupSize = 0;
      }
    }
  }
  return Math.round(total);
}
