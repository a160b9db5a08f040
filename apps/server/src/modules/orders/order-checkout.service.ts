// POST /orders and POST /orders-preview (issue 6 item 3): the member's server cart priced by the
// shared rule (priceOrder, docs/decisions/009) and, for an order, written in ONE transaction with
// its stock, points, snapshots and the emptied cart (docs/decisions/021).
import { createHash, randomInt } from 'node:crypto';
import {
  BonusSource,
  bonusUseError,
  cashOnDeliveryError,
  DeliveryMethod,
  generateOrderNumber,
  MAX_ID,
  msg,
  orderMsg,
  OrderStatus,
  priceOrder,
  Status,
  type BundleOffer,
  type CouponOffer,
  type OrderBody,
  type OrderQuoteView,
  type OrderView,
  type PricedOrder,
  installmentError,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid } from '../../errors.ts';
import { changeBonusForOrderInTx } from './bonus-ledger.ts';
import {
  loadOrderableLines,
  removeOrderedLines,
  type OrderablePackageLine,
  type OrderableProductLine,
} from '../carts/index.ts';
import { listBundlesInActivity } from '../catalogue/index.ts';
import { checkoutOfferForCode, type CheckoutOffer } from '../influencers/index.ts';
import { couponForCheckout, couponRefused, redeemCouponInTx, type CouponLookup } from '../coupons/index.ts';
import { getOrderSettings, type OrderSettings } from '../settings/index.ts';
import { orderJson } from './order-json.ts';
import * as repo from './orders.repository.ts';
import { orderFlags, recordOrderMove, recordOrderPlaced } from './order-events.ts';
import { countOrderPlaced } from '../../metrics/index.ts';

export interface CheckoutDeps {
  now: Date;
  /** RETURN_DAYS of the configuration, used until the settings have return_days. */
  defaultReturnDays: number;
  /** Random integer in [0, n) for order numbers; tests may pin it to force collisions. */
  randomIndex?: (n: number) => number;
}

/** What a quote needs besides the body: the lines, the offers and the settings of this moment. */
interface PricingInput {
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
async function loadOffers(
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

type Offers = Omit<Awaited<ReturnType<typeof loadOffers>>, 'coupon'> & { coupon: CouponOffer | null };

/** The member's cart lines joined with the catalogue (inside the order's transaction: after the buyer's lock). */
const loadCart = loadOrderableLines;

const specName = (line: OrderableProductLine) => line.spec?.name ?? '';
const lineLabel = (line: OrderableProductLine) =>
  line.spec ? `${line.product.name} ${line.spec.name}` : line.product.name;

function price(input: PricingInput, deliveryMethod: number, useBonus: number): PricedOrder {
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

function bundleInfo(priced: PricedOrder) {
  return priced.bundles.map((b) => ({
    id: b.id,
    title: b.title,
    discount_type: b.discountType,
    discount_rule: b.discountRule,
    item_count: b.itemCount,
    discount: b.discount,
  }));
}

// ---- POST /orders-preview ------------------------------------------------------------------------------

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
  const problems: OrderQuoteView['problems'] = [
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
    product_lines: priced.products.map((p, i) => ({
      cart_id: orderable.productLines[i]!.row.id,
      products_id: p.productId,
      spec_id: p.specId,
      name: p.name,
      product_specs_name: p.specName,
      on_sale_price: p.salePrice,
      unit_price: p.unitPrice,
      qty: p.qty,
      line_total: p.lineTotal,
      bundle_id: p.bundleId,
    })),
    package_lines: priced.packages.map((p, i) => ({
      cart_id: orderable.packageLines[i]!.row.id,
      product_packages_id: p.packageId,
      name: p.name,
      on_sale_price: p.salePrice,
      unit_price: p.unitPrice,
      qty: p.qty,
      line_total: p.lineTotal,
    })),
    bundles: bundleInfo(priced),
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
    problems,
  };
}

// ---- POST /orders ----------------------------------------------------------------------------------

/** An `Idempotency-Key`: 1–100 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/**
 * How long a key answers with its first order. A client retries within seconds or minutes; after a
 * day the same key starts a new order (as with Stripe's keys) and the row can go.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

/** Housekeeping, run every few hours: forgets keys older than their lifetime. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await repo.deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS));
}

/** Same body → same hash, whatever the key order or spacing of the JSON sent. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export interface CreatedOrder {
  order: OrderView;
  /** True when an earlier request with the same Idempotency-Key made it. */
  replayed: boolean;
}

/** PostgreSQL gave up one of two transactions waiting on each other: safe to run it again. */
const RETRYABLE = new Set(['40P01', '40001']);
const isRetryable = (err: unknown) => {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
};

/**
 * POST /orders. One transaction: claim the idempotency key, lock the buyer, read the cart, price it,
 * take the stock, write the order with its snapshots, spend the points, remove the ordered lines.
 * Any refusal throws, and the whole transaction rolls back: nothing is written.
 */
export async function createOrder(
  db: Db,
  memberId: number,
  body: OrderBody,
  idempotencyKey: string | null,
  deps: CheckoutDeps,
): Promise<CreatedOrder> {
  // Bundles, the influencer offer and the settings do not change with the cart: read them first, on
  // other connections of the pool, so the transaction (and its locks) stays short.
  const { coupon, ...offers } = await loadOffers(
    db,
    memberId,
    { code: body.code, couponCode: body.coupon_code },
    deps.now,
    deps.defaultReturnDays,
  );
  // docs/decisions/061: a code that cannot be used refuses the order, on the coupon field.
  if (coupon.error) throw couponRefused(coupon.error);
  const withCoupon = { ...offers, coupon: coupon.offer };
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction((tx) => placeOrder(tx, memberId, body, idempotencyKey, withCoupon, deps));
      if (!created.replayed) countOrderPlaced();
      return created;
    } catch (err) {
      if (attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}

/**
 * The order's transaction as a story: claim the key, lock the buyer, read and check the cart, price
 * it, take the stock, write the order, spend the points, empty the ordered lines, keep the answer.
 */
async function placeOrder(
  tx: repo.Tx,
  memberId: number,
  body: OrderBody,
  idempotencyKey: string | null,
  offers: Offers,
  deps: CheckoutDeps,
): Promise<CreatedOrder> {
  const { now } = deps;
  let keyId: number | undefined;
  if (idempotencyKey !== null) {
    const hash = requestHash(body);
    keyId = await repo.claimIdempotencyKey(tx, { memberId, key: idempotencyKey, requestHash: hash, createdAt: now });
    if (keyId === undefined) return replay(tx, memberId, idempotencyKey, hash, offers.settings.returnDays, now);
  }

  const buyer = await lockActiveBuyer(tx, memberId);
  const input: PricingInput = {
    ...(await loadCart(tx, memberId, now)),
    ...offers,
    levelDiscountPercent: buyer.levelDiscountPercent,
  };
  refuseUnorderableCart(input);
  const priced = priceWithinBonus(input, body, buyer.bonus);
  if (priced.couponError) throw couponRefused(priced.couponError);
  refuseUncollectable(body, priced);
  refuseUnofferedInstallments(body, priced, offers.settings);
  await takeStock(tx, input);
  const values = orderRow({ memberId, buyer, body, input, priced, now });
  const order = await insertWithFreshNumber(tx, values, now, deps.randomIndex ?? randomInt);
  if (priced.useBonus > 0) await spendBonus(tx, memberId, order, priced.useBonus);
  if (priced.coupon) {
    await redeemCouponInTx(tx, {
      couponId: priced.coupon.id,
      orderId: order.id,
      memberId,
      discount: priced.coupon.discount,
      now,
    });
  }
  await removeOrderedLines(tx, memberId, {
    productLineIds: input.productLines.map((l) => l.row.id),
    packageLineIds: input.packageLines.map((l) => l.row.id),
  });

  const view = orderJson(order, { now, returnDays: input.settings.returnDays });
  if (keyId !== undefined) await repo.saveIdempotencyResult(tx, keyId, order.id, view);
  return { order: view, replayed: false };
}

/** The buyer's row, locked until the transaction ends; a member who is not active cannot order. */
async function lockActiveBuyer(tx: repo.Tx, memberId: number): Promise<repo.Buyer> {
  const buyer = await repo.lockBuyer(tx, memberId);
  if (!buyer) throw new Forbidden();
  if (buyer.status !== Status.Active) throw new Forbidden(orderMsg.memberInactive);
  return buyer;
}

/** issue 6 "Bad input": an empty cart, or a line that cannot be bought, answers 409 naming it. */
function refuseUnorderableCart(input: PricingInput): void {
  if (input.productLines.length === 0 && input.packageLines.length === 0) throw new Conflict(msg.emptyCart);
  for (const line of input.productLines) {
    if (line.problem === 'unavailable') throw new Conflict(msg.productUnavailable(line.product.name));
    if (line.problem === 'out_of_stock') throw new Conflict(msg.outOfStock(lineLabel(line)));
  }
  for (const line of input.packageLines) {
    if (line.problem === 'unavailable') throw new Conflict(msg.productUnavailable(line.productPackage.name));
    if (line.problem === 'out_of_stock') throw new Conflict(msg.outOfStock(line.productPackage.name));
  }
}

/** The order priced with the points asked for, refused when the points exceed the balance or the cap. */
function priceWithinBonus(input: PricingInput, body: OrderBody, balance: number): PricedOrder {
  const uncapped = price(input, body.delivery_method, 0);
  const bonusError = bonusUseError(body.use_bonus, balance, uncapped.maxUsableBonus);
  if (bonusError) throw new Invalid(msg.badRequest, [{ field: 'use_bonus', msg: bonusError }]);
  const priced = price(input, body.delivery_method, body.use_bonus);
  if (priced.goodsAmount > MAX_ID || priced.payAmount > MAX_ID) throw new Conflict(orderMsg.amountTooLarge);
  return priced;
}

/** docs/decisions/053: ECPay collects at most NT$20,000 on a store pickup; more is refused on the payment field. */
function refuseUncollectable(body: OrderBody, priced: PricedOrder): void {
  const problem = cashOnDeliveryError({
    paymentType: body.payment_type,
    deliveryMethod: body.delivery_method,
    payAmount: priced.payAmount,
  });
  if (problem) throw new Invalid(msg.badRequest, [{ field: 'payment_type', msg: problem }]);
}

/** Decision 082: installments only on a card, in a count the owner offers, from the owner's amount on. */
function refuseUnofferedInstallments(body: OrderBody, priced: PricedOrder, settings: OrderSettings): void {
  const problem = installmentError(settings.installmentPlan, {
    paymentType: body.payment_type,
    installments: body.installments,
    payAmount: priced.payAmount,
  });
  if (problem) throw new Invalid(msg.badRequest, [{ field: 'installments', msg: problem }]);
}

/** Stock, in id order so that two orders never wait on each other's rows; lines without a count are unlimited. */
async function takeStock(tx: repo.Tx, input: PricingInput): Promise<void> {
  const specLines = input.productLines
    .filter((l) => l.spec !== null && l.spec.stock !== null)
    .sort((a, b) => a.spec!.id - b.spec!.id);
  for (const line of specLines) {
    if (!(await repo.takeSpecStock(tx, line.spec!.id, line.row.qty)))
      throw new Conflict(msg.outOfStock(lineLabel(line)));
  }
  const packageLines = input.packageLines
    .filter((l) => l.productPackage.stock !== null)
    .sort((a, b) => a.productPackage.id - b.productPackage.id);
  for (const line of packageLines) {
    if (!(await repo.takePackageStock(tx, line.productPackage.id, line.row.qty))) {
      throw new Conflict(msg.outOfStock(line.productPackage.name));
    }
  }
}

/** The order's row with its snapshots; the number is drawn when it is inserted. */
function orderRow(order: {
  memberId: number;
  buyer: repo.Buyer;
  body: OrderBody;
  input: PricingInput;
  priced: PricedOrder;
  now: Date;
}): repo.NewOrderRow {
  const { memberId, buyer, body, input, priced, now } = order;
  const paidInFull = priced.payAmount === 0;
  return {
    orderNumber: '',
    memberId,
    memberCellphone: buyer.cellPhone || buyer.account,
    paymentType: body.payment_type,
    installments: body.installments,
    deliveryMethod: body.delivery_method,
    // docs/decisions/009: an order with nothing left to pay is paid when it is made.
    isPayment: paidInFull,
    paidAt: paidInFull ? now : null,
    status: OrderStatus.Processing,
    goodsAmount: priced.goodsAmount,
    discountAmount: priced.discountAmount,
    celebrityDiscount: priced.celebrityDiscount,
    levelDiscount: priced.levelDiscount,
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    couponDiscount: priced.couponDiscount,
    shipping: priced.shipping,
    useBonus: priced.useBonus,
    payAmount: priced.payAmount,
    recvName: body.recv_name,
    recvCellphone: body.recv_cellphone,
    recvAddress: body.delivery_method === DeliveryMethod.ConvenienceStore ? '' : body.recv_address,
    storeInfo: body.store ? JSON.stringify(body.store) : null,
    remark: body.remark,
    receipt: JSON.stringify(body.receipt),
    celebrityCode: input.offer?.code ?? null,
    productInfo: JSON.stringify(productInfo(priced)),
    packageInfo: JSON.stringify(packageInfo(priced)),
    bundleInfo: JSON.stringify(bundleInfo(priced)),
    createdAt: now,
    updatedAt: now,
  };
}

/** The products as bought, with the snapshot the order keeps if the catalogue changes later. */
function productInfo(priced: PricedOrder) {
  return priced.products.map((p) => ({
    id: p.productId,
    spec_id: p.specId,
    name: p.name,
    product_specs_name: p.specName,
    on_sale_price: p.salePrice,
    unit_price: p.unitPrice,
    qty: p.qty,
    bundle_id: p.bundleId,
    product_snapshot: { name: p.name, product_specs_name: p.specName, on_sale_price: p.salePrice },
  }));
}

function packageInfo(priced: PricedOrder) {
  return priced.packages.map((p) => ({
    id: p.packageId,
    name: p.name,
    on_sale_price: p.salePrice,
    unit_price: p.unitPrice,
    qty: p.qty,
    product_snapshot: { name: p.name, on_sale_price: p.salePrice },
  }));
}

/** The points the order uses, taken off the buyer's balance in the same transaction. */
async function spendBonus(tx: repo.Tx, memberId: number, order: repo.OrderRow, useBonus: number): Promise<void> {
  const spent = await changeBonusForOrderInTx(tx, {
    memberId,
    delta: -useBonus,
    source: BonusSource.Exchange,
    reason: `訂單折抵 ${order.orderNumber}`,
    orderId: order.id,
  });
  if (!spent) throw new Invalid(msg.badRequest, [{ field: 'use_bonus', msg: msg.bonusInsufficient }]);
}

/** docs/decisions/009: order numbers are random; a collision (unique index) draws another. */
async function insertWithFreshNumber(
  tx: repo.Tx,
  values: repo.NewOrderRow,
  now: Date,
  randomIndex: (n: number) => number,
): Promise<repo.OrderRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await repo.insertOrder(tx, { ...values, orderNumber: generateOrderNumber(now, randomIndex) });
    if (inserted) {
      await recordOrderPlaced(tx, inserted.id, { actor: 'member', id: inserted.memberId }, now);
      if (inserted.isPayment) {
        await recordOrderMove(tx, {
          orderId: inserted.id,
          before: orderFlags({ ...inserted, isPayment: false }, null, null),
          event: 'pay',
          by: { actor: 'system', name: 'bonus-points' },
          reason: '紅利點數全額折抵',
          now,
        });
      }
      return inserted;
    }
  }
  throw new Conflict(msg.orderInProgress);
}

/** The key was used before: the first order again for the same body, 409 for another one. */
async function replay(
  tx: repo.Tx,
  memberId: number,
  key: string,
  hash: string,
  returnDays: number,
  now: Date,
): Promise<CreatedOrder> {
  const stored = await repo.findIdempotencyKey(tx, memberId, key);
  if (!stored) throw new Conflict(msg.orderInProgress);
  if (stored.requestHash !== hash) throw new Conflict(msg.idempotencyConflict);
  const order = stored.orderId !== null ? await repo.findOrder(tx, stored.orderId) : undefined;
  if (order) {
    const [cancel] = await repo.findCancelRecords(tx, [order.id]);
    const [ret] = await repo.findReturnRecords(tx, [order.id]);
    return { order: orderJson(order, { cancel, ret, now, returnDays }), replayed: true };
  }
  if (stored.response) return { order: stored.response as OrderView, replayed: true };
  throw new Conflict(msg.orderInProgress);
}
