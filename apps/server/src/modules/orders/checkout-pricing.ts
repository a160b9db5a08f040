// The cart priced as an order (issue 6 item 3, docs/decisions/009): the offers of this moment read
// once, and the one pricing call the quote (POST /orders-preview) and the order (POST /orders) share.
import { priceOrder, type BundleOffer, type CouponOffer, type PricedOrder } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { loadOrderableLines, type OrderablePackageLine, type OrderableProductLine } from '../carts/index.ts';
import { listBundlesInActivity } from '../catalogue/index.ts';
import { checkoutOfferForCode, type CheckoutOffer } from '../influencers/index.ts';
import { couponForCheckout, type CouponLookup } from '../coupons/index.ts';
import { getOrderSettings, type OrderSettings } from '../settings/index.ts';

export interface CheckoutDeps {
  now: Date;
  /** RETURN_DAYS of the configuration, used until the settings have return_days. */
  defaultReturnDays: number;
  /** Random integer in [0, n) for order numbers; tests may pin it to force collisions. */
  randomIndex?: (n: number) => number;
}

/** What a quote needs besides the body: the lines, the offers and the settings of this moment. */
export interface PricingInput {
  productLines: OrderableProductLine[];
  packageLines: OrderablePackageLine[];
  bundles: BundleOffer[];
  offer: CheckoutOffer | null;
  settings: OrderSettings;
  /** The coupon typed, when it may be used now (docs/decisions/061). */
  coupon: CouponOffer | null;
  /** The buyer's level percent off (member_levels.discount_percent). */
  levelDiscountPercent: number;
}

const NO_COUPON: CouponLookup = { offer: null, error: null };

/** The shop's offers and settings of this moment: read before the order's transaction, in parallel. */
export async function loadOffers(
  db: Db,
  memberId: number,
  codes: { code: string | null; couponCode: string | null },
  now: Date,
  defaultReturnDays: number,
) {
  const { code, couponCode } = codes;
  const [bundles, offer, settings, coupon] = await Promise.all([
    listBundlesInActivity(db, now),
    code ? checkoutOfferForCode(db, code) : Promise.resolve(null),
    getOrderSettings(db, defaultReturnDays),
    couponCode ? couponForCheckout(db, couponCode, memberId, now) : Promise.resolve(NO_COUPON),
  ]);
  return {
    coupon,
    // docs/decisions/009: bundles in storefront order; a bundle with an unknown rule takes nothing off.
    bundles: bundles.flatMap((b): BundleOffer[] =>
      b.discount ? [{ id: b.id, title: b.title, discount: b.discount, productIds: b.product_ids }] : [],
    ),
    offer,
    settings,
  };
}

export type Offers = Omit<Awaited<ReturnType<typeof loadOffers>>, 'coupon'> & { coupon: CouponOffer | null };

/** The member's cart lines joined with the catalogue (inside the order's transaction: after the buyer's lock). */
export const loadCart = loadOrderableLines;

const specName = (line: OrderableProductLine) => line.spec?.name ?? '';
export const lineLabel = (line: OrderableProductLine) =>
  line.spec ? `${line.product.name} ${line.spec.name}` : line.product.name;

export function price(input: PricingInput, deliveryMethod: number, useBonus: number): PricedOrder {
  const celebrityIds = new Set(input.offer?.productIds ?? []);
  return priceOrder({
    products: input.productLines.map((line) => ({
      productId: line.product.id,
      specId: line.spec?.id ?? null,
      name: line.product.name,
      specName: specName(line),
      salePrice: line.spec ? line.spec.onSalePrice : line.product.onSalePrice,
      qty: line.row.qty,
      celebrity: celebrityIds.has(line.product.id),
    })),
    packages: input.packageLines.map((line) => ({
      packageId: line.productPackage.id,
      name: line.productPackage.name,
      salePrice: line.productPackage.onSalePrice,
      qty: line.row.qty,
    })),
    bundles: input.bundles,
    celebrityDiscount: input.offer?.discount ?? null,
    deliveryMethod,
    shipping: input.settings,
    useBonus,
    levelDiscountPercent: input.levelDiscountPercent,
    coupon: input.coupon,
  });
}

export function bundleInfo(priced: PricedOrder) {
  return priced.bundles.map((b) => ({
    id: b.id,
    title: b.title,
    discount_type: b.discountType,
    discount_rule: b.discountRule,
    item_count: b.itemCount,
    discount: b.discount,
  }));
}

/** A priced product line as the quote shows it and the order keeps it (names of the API). */
export const pricedProductFields = (p: PricedOrder['products'][number]) => ({
  spec_id: p.specId,
  name: p.name,
  product_specs_name: p.specName,
  on_sale_price: p.salePrice,
  unit_price: p.unitPrice,
  qty: p.qty,
});

/** A priced package line as the quote shows it and the order keeps it. */
export const pricedPackageFields = (p: PricedOrder['packages'][number]) => ({
  name: p.name,
  on_sale_price: p.salePrice,
  unit_price: p.unitPrice,
  qty: p.qty,
});
