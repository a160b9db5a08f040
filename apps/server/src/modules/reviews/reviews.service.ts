// Product reviews by buyers (issue 43 item 1, docs/decisions/085): written once per product of a
// received order, shown newest first with the product's average, hidden or answered by the shop.
import {
  maskName,
  reviewAverage,
  reviewMsg,
  msg,
  type AdminReview,
  type ProductReview,
  type ReviewableLine,
  type ReviewBody,
  type ReviewModeration,
  type ReviewPage,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/index.ts';
import { findMemberName } from '../members/index.ts';
import { findReceivedOrder } from '../orders/index.ts';
import { ownUploadNames, uploadName } from '../uploads/index.ts';
import * as repo from './reviews.repository.ts';

/** Without a name on the account the review is signed as this. */
const ANONYMOUS = '匿名會員';

function reviewJson(r: repo.ReviewRow): ProductReview {
  return {
    id: r.id,
    products_id: r.productId,
    name: r.reviewerName,
    rating: r.rating,
    content: r.content,
    pic: r.pics,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /products/{id}/reviews: one page of the shown reviews, newest first, with the totals. */
export async function listReviews(db: Db, productId: number, page: number, size: number): Promise<ReviewPage> {
  const [exists, totals, rows] = await Promise.all([
    repo.productExists(db, productId),
    repo.findTotals(db, productId),
    repo.findShownReviews(db, productId, size, (page - 1) * size),
  ]);
  if (!exists) throw new NotFound(reviewMsg.productNotFound);
  return { data: rows.map(reviewJson), average: reviewAverage(totals.sum, totals.count), count: totals.count };
}

/** The photos must be the member's own uploads, named as stored. */
async function ownPhotos(db: Db, memberId: number, references: readonly string[]): Promise<string[]> {
  const pics = [...new Set(references.map(uploadName))];
  const owned = await ownUploadNames(db, memberId, pics);
  if (pics.some((name) => !owned.has(name))) {
    throw new Invalid(msg.badRequest, [{ field: 'pic', msg: msg.uploadNotFound }]);
  }
  return pics;
}

/**
 * POST /products/{id}/reviews. Only a product of the member's own received order, once per order:
 * the unique (order, product) key settles two requests racing, and the totals move in the same
 * transaction as the review, so the average never counts a review that is not there.
 */
export async function postReview(
  db: Db,
  memberId: number,
  productId: number,
  body: ReviewBody,
  now: Date,
): Promise<ProductReview> {
  if (!(await repo.productExists(db, productId))) throw new NotFound(reviewMsg.productNotFound);
  const order = await findReceivedOrder(db, memberId, body.orders_id);
  if (!order || !order.products.some((p) => p.id === productId)) throw new Forbidden(reviewMsg.notReceived);
  const pics = await ownPhotos(db, memberId, body.pic);
  const reviewerName = maskName(await findMemberName(db, memberId)) || ANONYMOUS;
  return db.transaction(async (tx) => {
    const row = await repo.insertReview(tx, {
      productId,
      orderId: order.id,
      memberId,
      reviewerName,
      rating: body.rating,
      content: body.content,
      pics,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new Conflict(reviewMsg.alreadyReviewed);
    await repo.addToTotals(tx, productId, row.rating, 1);
    return reviewJson(row);
  });
}

/** GET /orders/{id}/review-lines: the products of the member's received order, each reviewed or not. */
export async function reviewableLines(db: Db, memberId: number, orderId: number): Promise<ReviewableLine[]> {
  const order = await findReceivedOrder(db, memberId, orderId);
  if (!order) return [];
  const reviewed = await repo.findReviewedProductIds(db, order.id);
  return order.products.map((p) => ({ products_id: p.id, name: p.name, reviewed: reviewed.has(p.id) }));
}

function adminReviewJson(r: Awaited<ReturnType<typeof repo.findReviewsForStaff>>['rows'][number]): AdminReview {
  return {
    ...reviewJson(r.review),
    product_name: r.productName,
    orders_id: r.review.orderId,
    order_number: r.orderNumber,
    members_id: r.review.memberId,
    hidden: r.review.hidden,
  };
}

/** GET /admin/reviews. */
export async function listReviewsForStaff(
  db: Db,
  q: { state?: 'shown' | 'hidden' | 'unreplied'; products_id?: number; page?: number; size?: number },
) {
  const size = q.size ?? 20;
  const { rows, total } = await repo.findReviewsForStaff(db, {
    state: q.state,
    productId: q.products_id,
    limit: size,
    offset: ((q.page ?? 1) - 1) * size,
  });
  return { items: rows.map(adminReviewJson), total };
}

/**
 * PATCH /admin/reviews/{id}: hide or show it (the product's totals follow in the same transaction)
 * and write, change or remove the shop's reply. Answers the review and its product, whose pages the
 * caller drops from the caches.
 */
export async function moderateReview(
  db: Db,
  staffId: number,
  id: number,
  body: ReviewModeration,
  now: Date,
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const before = await repo.lockReview(tx, id);
    if (!before) throw new NotFound(reviewMsg.reviewNotFound);
    const set: Partial<repo.NewReviewRow> = { updatedBy: staffId, updatedAt: now };
    if (body.hidden !== undefined && body.hidden !== before.hidden) {
      set.hidden = body.hidden;
      await repo.addToTotals(tx, before.productId, before.rating, body.hidden ? -1 : 1);
    }
    if (body.reply !== undefined) {
      set.reply = body.reply || null;
      set.repliedAt = body.reply ? now : null;
    }
    const after = await repo.updateReview(tx, id, set);
    await recordAudit(tx, { staffId, action: 'update', entity: 'product_reviews', entityId: id, before, after });
  });
  const { rows } = await repo.findReviewsForStaff(db, { id, limit: 1, offset: 0 });
  return adminReviewJson(rows[0]!);
}
