// POST /orders-preview (issue 6 item 3): what the member's cart would cost as an order now, priced by
// the same rule as the order (docs/decisions/009); lines that cannot be ordered are listed, not priced.
import { bonusUseError, msg, type OrderQuoteView, type PricedOrder } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import {
  bundleInfo,
  lineLabel,
  loadCart,
  loadOffers,
  price,
  pricedPackageFields,
  pricedProductFields,
  type CheckoutDeps,
  type PricingInput,
} from './checkout-pricing.ts';
import * as repo from './orders.repository.ts';

export interface QuoteInput {
  delivery_method: number;
  use_bonus: number;
  code: string | null;
  /** Normalised (upper-case) coupon code; null = none. */
  coupon_code?: string | null;
}

/** What the cart would cost as an order now; lines that cannot be ordered are listed, not priced. */
export async function quoteOrder(
  db: Db,
  memberId: number,
  input: QuoteInput,
  deps: CheckoutDeps,
): Promise<OrderQuoteView> {
  const [cart, { coupon, ...offers }, buyer] = await Promise.all([
    loadCart(db, memberId, deps.now),
    loadOffers(
      db,
      memberId,
      { code: input.code, couponCode: input.coupon_code ?? null },
      deps.now,
      deps.defaultReturnDays,
    ),
    repo.findBuyer(db, memberId),
  ]);
  const loaded: PricingInput = {
    ...cart,
    ...offers,
    coupon: coupon.offer,
    levelDiscountPercent: buyer?.levelDiscountPercent ?? 0,
  };
  const orderable: PricingInput = {
    ...loaded,
    productLines: loaded.productLines.filter((l) => !l.problem),
    packageLines: loaded.packageLines.filter((l) => !l.problem),
  };
  const balance = buyer?.bonus ?? 0;
  const uncapped = price(orderable, input.delivery_method, 0);
  const bonusError = input.use_bonus > 0 ? bonusUseError(input.use_bonus, balance, uncapped.maxUsableBonus) : null;
  const priced = price(orderable, input.delivery_method, Math.min(input.use_bonus, balance));
  return {
    ...quotedLines(orderable, priced),
    goods_amount: priced.goodsAmount,
    celebrity_discount: priced.celebrityDiscount,
    discount_amount: priced.discountAmount,
    level:
      buyer?.levelName && buyer.levelDiscountPercent > 0
        ? { name: buyer.levelName, discount_percent: buyer.levelDiscountPercent }
        : null,
    level_discount: priced.levelDiscount,
    coupon: priced.coupon,
    coupon_discount: priced.couponDiscount,
    coupon_error: coupon.error ?? priced.couponError,
    net_goods_amount: priced.netGoodsAmount,
    shipping: priced.shipping,
    free_shipping: priced.freeShipping,
    use_bonus: priced.useBonus,
    max_usable_bonus: priced.maxUsableBonus,
    bonus_balance: balance,
    bonus_error: bonusError,
    pay_amount: priced.payAmount,
    celebrity: loaded.offer ? { code: loaded.offer.code, name: loaded.offer.name } : null,
    problems: cartProblems(loaded),
  };
}

/** The orderable lines as priced, each with the cart line it comes from, and the bundles they form. */
function quotedLines(orderable: PricingInput, priced: PricedOrder) {
  return {
    product_lines: priced.products.map((p, i) => ({
      cart_id: orderable.productLines[i]!.row.id,
      products_id: p.productId,
      ...pricedProductFields(p),
      line_total: p.lineTotal,
      bundle_id: p.bundleId,
    })),
    package_lines: priced.packages.map((p, i) => ({
      cart_id: orderable.packageLines[i]!.row.id,
      product_packages_id: p.packageId,
      ...pricedPackageFields(p),
      line_total: p.lineTotal,
    })),
    bundles: bundleInfo(priced),
  };
}

/** The cart lines that cannot be ordered now, each with the message the shopper reads. */
function cartProblems(loaded: PricingInput): OrderQuoteView['problems'] {
  return [
    ...loaded.productLines
      .filter((l) => l.problem)
      .map((l) => ({
        cart_id: l.row.id,
        kind: 'product' as const,
        name: lineLabel(l),
        problem: l.problem!,
        msg: l.problem === 'unavailable' ? msg.productUnavailable(l.product.name) : msg.outOfStock(lineLabel(l)),
      })),
    ...loaded.packageLines
      .filter((l) => l.problem)
      .map((l) => ({
        cart_id: l.row.id,
        kind: 'package' as const,
        name: l.productPackage.name,
        problem: l.problem!,
        msg:
          l.problem === 'unavailable'
            ? msg.productUnavailable(l.productPackage.name)
            : msg.outOfStock(l.productPackage.name),
      })),
  ];
}
