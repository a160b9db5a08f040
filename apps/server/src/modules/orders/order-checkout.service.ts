// POST /orders (issue 6 item 3): the member's server cart priced by the shared rule (priceOrder,
// docs/decisions/009) and written in ONE transaction with its stock, points, snapshots and the
// emptied cart (docs/decisions/021). The quote (POST /orders-preview) is order-quote.service.ts.
import { randomInt } from 'node:crypto';
import {
  BonusSource,
  bonusUseError,
  cashOnDeliveryError,
  generateOrderNumber,
  MAX_ID,
  msg,
  orderMsg,
  Status,
  type OrderBody,
  type OrderView,
  type PricedOrder,
  installmentError,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid } from '../../errors.ts';
import { changeBonusForOrderInTx } from './bonus-ledger.ts';
import { removeOrderedLines } from '../carts/index.ts';
import { couponRefused, redeemCouponInTx } from '../coupons/index.ts';
import type { OrderSettings } from '../settings/index.ts';
import {
  lineLabel,
  loadCart,
  loadOffers,
  price,
  type CheckoutDeps,
  type Offers,
  type PricingInput,
} from './checkout-pricing.ts';
import { requestHash } from './idempotency-keys.ts';
import { orderJson } from './order-json.ts';
import { orderRow } from './order-row.ts';
import * as repo from './orders.repository.ts';
import { orderFlags, recordOrderMove, recordOrderPlaced } from './order-events.ts';
import { countOrderPlaced } from '../../metrics/index.ts';

// The routes and tests import the checkout's pieces from here.
export { quoteOrder } from './order-quote.service.ts';
export { IDEMPOTENCY_KEY_LIFETIME_MS, IDEMPOTENCY_KEY_PATTERN, sweepIdempotencyKeys } from './idempotency-keys.ts';

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
