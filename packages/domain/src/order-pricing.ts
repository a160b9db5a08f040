// spec §2 checkout, §5: what an order costs. One function for the cart page and for POST /orders,
// so the price the shopper sees is the price the server charges (docs/decisions/009).
import { applyCelebrityDiscount, type CelebrityDiscount } from './celebrity-pricing.ts';
import { couponDiscountFor, couponMsg, levelDiscountFor, type CouponOffer } from './coupons.ts';
import { bundleDiscountFor, parseDiscountTier, type DiscountRule } from './discount.ts';
import { DeliveryMethod } from './enums.ts';
import { msg } from './messages.ts';

/** A product line: the sale price of its spec (or of the product when it has no specs). */
export interface ProductLineInput {
  productId: number;
  specId: number | null;
  name: string;
  specName: string;
  /** NT$ sale price of one unit before any discount. */
  salePrice: number;
  qty: number;
  /** Whether the influencer discount of the order applies to this product (it is one they recommend). */
  celebrity?: boolean;
}

/** A package line (packages take part in neither bundles nor the influencer discount). */
export interface PackageLineInput {
  packageId: number;
  name: string;
  salePrice: number;
  qty: number;
}

/** An active promotion bundle: its rule and the products that count towards it. */
export interface BundleOffer {
  id: number;
  title: string;
  discount: DiscountRule;
  productIds: readonly number[];
}

/** System settings that decide the shipping fee (NT$). */
export interface ShippingSettings {
  shippingFee: number;
  lowTempShippingFee: number;
  /** Goods amount (after discounts) from which shipping is free; null = never free. */
  freeShippingThreshold: number | null;
}

export interface PriceOrderInput {
  products: readonly ProductLineInput[];
  packages: readonly PackageLineInput[];
  /** Bundles in priority order (the storefront's order: index_id, then id). */
  bundles?: readonly BundleOffer[];
  /** The influencer's discount when the shopper arrived with a code; null = none. */
  celebrityDiscount?: CelebrityDiscount | null;
  deliveryMethod: DeliveryMethod | number;
  shipping: ShippingSettings;
  /** Bonus points to spend (1 point = NT$1); validate with `bonusUseError` first. */
  useBonus?: number;
  /** The member level's percent off (member_levels.discount_percent, 0–50); 0 or absent = none. */
  levelDiscountPercent?: number;
  /** A coupon the server found usable (couponRefusal); its minimum spend is checked here. */
  coupon?: CouponOffer | null;
}

/** The coupon an order used and what it took off. */
export interface AppliedCoupon {
  id: number;
  code: string;
  name: string;
  discount: number;
}

export interface PricedProductLine extends ProductLineInput {
  /** Unit price after the influencer discount. */
  unitPrice: number;
  lineTotal: number;
  /** The bundle this line counted towards; null = none. */
  bundleId: number | null;
}

export interface PricedPackageLine extends PackageLineInput {
  unitPrice: number;
  lineTotal: number;
}

export interface AppliedBundle {
  id: number;
  title: string;
  discountType: number;
  /** The rule as stored (JSON text or list), kept in the order's bundle_info snapshot. */
  discountRule: DiscountRule['rule'];
  /** Items of the order that counted towards it. */
  itemCount: number;
  /** NT$ it took off. */
  discount: number;
}

export interface PricedOrder {
  products: PricedProductLine[];
  packages: PricedPackageLine[];
  /** Bundles that took something off (discount > 0). */
  bundles: AppliedBundle[];
  /** Σ sale price × qty, before any discount (orders.goods_amount). */
  goodsAmount: number;
  /** NT$ the influencer discount took off (orders.celebrity_discount). */
  celebrityDiscount: number;
  /** NT$ the bundles took off (orders.discount_amount). */
  discountAmount: number;
  /** NT$ the member level took off (orders.level_discount). */
  levelDiscount: number;
  /** NT$ the coupon took off (orders.coupon_discount); 0 when none or its minimum was not reached. */
  couponDiscount: number;
  /** The coupon applied; null when none was given or it took nothing off. */
  coupon: AppliedCoupon | null;
  /** Why the given coupon took nothing off (its minimum spend), or null. */
  couponError: string | null;
  /**
   * goods − influencer − bundles − level − coupon: what the free-shipping threshold is measured on
   * and what points may pay for at most.
   */
  netGoodsAmount: number;
  shipping: number;
  /** spec §2: the free-shipping badge shows when the fee is 0. */
  freeShipping: boolean;
  /** Points spent; at most `maxUsableBonus`. */
  useBonus: number;
  /** Points never pay for shipping: at most the net goods amount. */
  maxUsableBonus: number;
  /** net goods + shipping − points (orders.pay_amount). */
  payAmount: number;
}

const toInt = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);
const toQty = (n: number) => (Number.isFinite(n) && n >= 1 ? Math.floor(n) : 0);

/**
 * Shipping fee of a delivery method: low-temperature delivery has its own fee, every other method the
 * home-delivery fee; free when the net goods amount reaches the threshold (docs/decisions/009).
 * An empty order ships nothing and costs nothing.
 */
export function shippingFeeFor(
  deliveryMethod: DeliveryMethod | number,
  netGoodsAmount: number,
  settings: ShippingSettings,
): number {
  if (netGoodsAmount <= 0) return 0;
  const threshold = settings.freeShippingThreshold;
  if (threshold !== null && Number.isFinite(threshold) && netGoodsAmount >= threshold) return 0;
  const fee = deliveryMethod === DeliveryMethod.LowTemperature ? settings.lowTempShippingFee : settings.shippingFee;
  return toInt(fee);
}

/**
 * Prices a whole order. Lines with a qty below 1 are left out; prices are whole NT$.
 * - Influencer discount (spec §5): per unit on lines flagged `celebrity`, via applyCelebrityDiscount.
 * - Bundles: each product line counts towards the first listed bundle containing its product; the
 *   bundle's rule then works on the discounted unit prices (discount.ts, docs/decisions/008).
 * - Member level (docs/decisions/061): its percent off the goods after the influencer and bundle
 *   discounts, rounded down.
 * - Coupon: on the goods after all of those; its minimum spend is measured on the same amount.
 * - Shipping from the settings; points at most the net goods amount (never the shipping fee).
 */
export function priceOrder(input: PriceOrderInput): PricedOrder {
  const celebrity = input.celebrityDiscount ?? null;
  const products: PricedProductLine[] = input.products
    .filter((line) => toQty(line.qty) > 0)
    .map((line) => {
      const salePrice = toInt(line.salePrice);
      const unitPrice = line.celebrity && celebrity ? toInt(applyCelebrityDiscount(salePrice, celebrity)) : salePrice;
      const qty = toQty(line.qty);
      return { ...line, salePrice, qty, unitPrice, lineTotal: unitPrice * qty, bundleId: null };
    });
  const packages: PricedPackageLine[] = input.packages
    .filter((line) => toQty(line.qty) > 0)
    .map((line) => {
      const salePrice = toInt(line.salePrice);
      const qty = toQty(line.qty);
      return { ...line, salePrice, qty, unitPrice: salePrice, lineTotal: salePrice * qty };
    });

  const bundles: AppliedBundle[] = [];
  for (const bundle of input.bundles ?? []) {
    if (!parseDiscountTier(bundle.discount)) continue;
    const ids = new Set(bundle.productIds);
    const members = products.filter((line) => line.bundleId === null && ids.has(line.productId));
    if (members.length === 0) continue;
    const discount = bundleDiscountFor(
      bundle.discount,
      members.map((line) => ({ unitPrice: line.unitPrice, qty: line.qty })),
    );
    if (discount <= 0) continue;
    for (const line of members) line.bundleId = bundle.id;
    bundles.push({
      id: bundle.id,
      title: bundle.title,
      discountType: Number(bundle.discount.type),
      discountRule: bundle.discount.rule,
      itemCount: members.reduce((sum, line) => sum + line.qty, 0),
      discount,
    });
  }

  const goodsAmount =
    products.reduce((sum, line) => sum + line.salePrice * line.qty, 0) +
    packages.reduce((sum, line) => sum + line.lineTotal, 0);
  const celebrityDiscount = products.reduce((sum, line) => sum + (line.salePrice - line.unitPrice) * line.qty, 0);
  const discountAmount = bundles.reduce((sum, b) => sum + b.discount, 0);
  const afterBundles = Math.max(0, goodsAmount - celebrityDiscount - discountAmount);
  const levelDiscount = levelDiscountFor(afterBundles, input.levelDiscountPercent ?? 0);
  const afterLevel = afterBundles - levelDiscount;
  const offer = input.coupon ?? null;
  const reached = offer !== null && afterLevel > 0 && afterLevel >= toInt(offer.minSpend);
  const couponDiscount = reached ? couponDiscountFor(offer, afterLevel) : 0;
  const coupon =
    offer && couponDiscount > 0 ? { id: offer.id, code: offer.code, name: offer.name, discount: couponDiscount } : null;
  const couponError = offer && !reached ? couponMsg.minSpend(Math.max(toInt(offer.minSpend), 1)) : null;
  const netGoodsAmount = afterLevel - couponDiscount;
  const shipping = shippingFeeFor(input.deliveryMethod, netGoodsAmount, input.shipping);
  const maxUsableBonus = netGoodsAmount;
  const useBonus = Math.min(toInt(input.useBonus ?? 0), maxUsableBonus);
  return {
    products,
    packages,
    bundles,
    goodsAmount,
    celebrityDiscount,
    discountAmount,
    levelDiscount,
    couponDiscount,
    coupon,
    couponError,
    netGoodsAmount,
    shipping,
    freeShipping: shipping === 0,
    useBonus,
    maxUsableBonus,
    payAmount: netGoodsAmount + shipping - useBonus,
  };
}

/**
 * Why `useBonus` points cannot be spent, or null when they can: a whole number ≥ 0, no more than the
 * member's balance and no more than the order's `maxUsableBonus`.
 */
export function bonusUseError(useBonus: number, balance: number, maxUsableBonus: number): string | null {
  if (!Number.isInteger(useBonus) || useBonus < 0) return msg.bonusNotInteger;
  if (useBonus > balance) return msg.bonusInsufficient;
  if (useBonus > maxUsableBonus) return msg.bonusOverLimit(maxUsableBonus);
  return null;
}

/** The sale price of a cart line: the spec's when the line has one, else the product's. */
export function lineSalePrice(product: { on_sale_price: number }, spec: { on_sale_price: number } | null): number {
  return spec ? spec.on_sale_price : product.on_sale_price;
}
