// spec §5: an influencer's discount on a product's sale price.
import { formatZhe } from './discount.ts';
import { DiscountKind } from './enums.ts';

export interface CelebrityDiscount {
  type: DiscountKind | number;
  value: number;
}

/**
 * spec §5: Discount subtracts `value` (never below 0); PercentOn sets round(salePrice × value / 100),
 * i.e. `value` is the percentage still paid (80 = pay 80 %). Half amounts round up (Math.round).
 * An unknown type, a missing discount, or a value that is not a number in range leaves the price as is:
 * a bad admin entry must not give products away.
 */
export function applyCelebrityDiscount(salePrice: number, discount: CelebrityDiscount | null | undefined): number {
  if (!discount || !Number.isFinite(salePrice)) return salePrice;
  const { type, value } = discount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return salePrice;
  if (type === DiscountKind.Discount) {
    if (value < 0) return salePrice;
    return Math.max(0, Math.round(salePrice - value));
  }
  if (type === DiscountKind.PercentOn) {
    // A percentage outside 0–100 would raise the price or make it free: treated as invalid.
    if (value <= 0 || value > 100) return salePrice;
    return Math.round((salePrice * value) / 100);
  }
  return salePrice;
}

/**
 * The celebrity discount in a shopper's words, for the influencer page: Discount → 「推薦商品每件折 NT$50」,
 * PercentOn → 「推薦商品 9 折」 (value = percentage paid, written as Taiwan writes 折, see formatZhe).
 * '' when the discount would leave the price as it is (the same checks as applyCelebrityDiscount).
 */
export function describeCelebrityDiscount(discount: CelebrityDiscount | null | undefined): string {
  if (!discount || typeof discount.value !== 'number' || !Number.isFinite(discount.value)) return '';
  const { type, value } = discount;
  if (type === DiscountKind.Discount && value > 0)
    return `推薦商品每件折 NT$${Math.round(value).toLocaleString('en-US')}`;
  if (type === DiscountKind.PercentOn && value > 0 && value < 100) return `推薦商品 ${formatZhe(value)} 折`;
  return '';
}
