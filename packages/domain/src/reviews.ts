// Product reviews by buyers and the members' wishlist (issue 43 items 1 and 4, docs/decisions/085):
// the API's request and answer shapes, the plain-text rule for review text, and the zh-TW messages.
import { z } from 'zod';
import { parseTextList } from './encoded-list.ts';
import { msg } from './messages.ts';
import { idSchema } from './schemas.ts';

/** Issue 43: a review's text holds at most 500 characters. */
export const REVIEW_TEXT_MAX = 500;
/** Issue 43: at most 3 photos (uploaded as a return's photos are). */
export const REVIEW_PHOTOS_MAX = 3;
/** The shop's reply is longer than a buyer's text: it may answer several points. */
export const REVIEW_REPLY_MAX = 1000;
/** How many of the newest reviews the product page shows before 更多評價 (and its JSON-LD carries). */
export const REVIEWS_ON_PRODUCT_PAGE = 5;

export const reviewMsg = {
  ratingRange: '請選擇 1 到 5 顆星',
  textMax: `評價內容最多 ${REVIEW_TEXT_MAX} 字`,
  replyMax: `回覆最多 ${REVIEW_REPLY_MAX} 字`,
  photosMax: `最多上傳 ${REVIEW_PHOTOS_MAX} 張照片`,
  notReceived: '此訂單尚未收貨或不含此商品，無法評價',
  alreadyReviewed: '此訂單的這項商品已評價過',
  reviewNotFound: '找不到此評價',
  productNotFound: '找不到此商品',
  nothingToChange: '請填寫要變更的內容',
  wishlistFull: '收藏清單已滿，請先移除部分商品',
} as const;

/**
 * Review text as plain text: tags and control characters removed, runs of blank lines cut to one, so
 * the text a shopper reads is the text that was meant and no markup reaches a page or a search result.
 */
export function reviewPlainText(value: string): string {
  return (
    value
      // A tag starts with a letter, `/` or `!` after `<`: "3<5" and "a < b" are text, and stay.
      .replace(/<[a-zA-Z/!][^>]*>?/g, '')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const plainText = (max: number, tooLong: string) =>
  z
    .string({ error: msg.badRequest })
    .max(max * 4, { error: tooLong })
    .transform(reviewPlainText)
    .refine((text) => Array.from(text).length <= max, { error: tooLong });

/** POST /products/{id}/reviews. `pic` takes upload names (or the JSON text of a list, as returns do). */
export const reviewBodySchema = z.strictObject(
  {
    orders_id: idSchema,
    rating: z.coerce
      .number({ error: reviewMsg.ratingRange })
      .int({ error: reviewMsg.ratingRange })
      .min(1, { error: reviewMsg.ratingRange })
      .max(5, { error: reviewMsg.ratingRange }),
    content: plainText(REVIEW_TEXT_MAX, reviewMsg.textMax).optional().default(''),
    pic: z
      .preprocess(
        (value) => (typeof value === 'string' ? parseTextList(value) : value),
        z
          .array(z.string().trim().min(1).max(300), { error: msg.badRequest })
          .max(REVIEW_PHOTOS_MAX, { error: reviewMsg.photosMax }),
      )
      .optional()
      .default([]),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest) },
);
export type ReviewBodyInput = z.input<typeof reviewBodySchema>;
export type ReviewBody = z.output<typeof reviewBodySchema>;

/** PATCH /admin/reviews/{id}: hide or show, and the shop's reply ('' or null removes it). */
export const reviewModerationSchema = z
  .strictObject(
    {
      hidden: z.boolean({ error: msg.badRequest }).optional(),
      reply: plainText(REVIEW_REPLY_MAX, reviewMsg.replyMax).nullable().optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest) },
  )
  .refine((body) => body.hidden !== undefined || body.reply !== undefined, { error: reviewMsg.nothingToChange });
export type ReviewModeration = z.output<typeof reviewModerationSchema>;

/** A review as the shop shows it. */
export const productReviewSchema = z.object({
  id: z.number().int(),
  products_id: z.number().int(),
  /** The reviewer's masked name (王*明). */
  name: z.string(),
  rating: z.number().int(),
  content: z.string(),
  /** Upload names; the page makes them URLs. */
  pic: z.array(z.string()),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** The stars of a product's shown reviews: the average to one decimal (0 without reviews) and the count. */
export const reviewSummarySchema = z.object({ average: z.number(), count: z.number().int() });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /products/{id}/reviews: one page, newest first, with the product's average and count. */
export const reviewPageSchema = reviewSummarySchema.extend({ data: z.array(productReviewSchema) });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A review as the back office lists it: also the hidden ones, the product's name and the order. */
export const adminReviewSchema = productReviewSchema.extend({
  product_name: z.string(),
  orders_id: z.number().int(),
  order_number: z.string(),
  members_id: z.number().int().nullable(),
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** GET /admin/reviews?state=&page&size. */
export const adminReviewFilterSchema = z.object({
  state: z.enum(['shown', 'hidden', 'unreplied']).optional(),
  products_id: idSchema.optional(),
  page: z.coerce.number({ error: msg.badRequest }).int().min(1).max(100_000).optional(),
  size: z.coerce.number({ error: msg.badRequest }).int().min(1).max(100).optional(),
});

/** What a member may still review of one order: the order's products, each reviewed or not. */
export const reviewableLineSchema = z.object({
  products_id: z.number().int(),
  name: z.string(),
  reviewed: z.boolean(),
});
export type ReviewableLine = z.infer<typeof reviewableLineSchema>;

/** The average as shown: one decimal, 0 without reviews. */
export function reviewAverage(ratingSum: number, count: number): number {
  return count > 0 ? Math.round((ratingSum / count) * 10) / 10 : 0;
}

/** POST /members/{id}/wishlist. */
export const wishlistAddSchema = z.strictObject(
  { products_id: idSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest) },
);

/** A member keeps at most this many products; a guest's list merged at login is cut to it. */
export const WISHLIST_MAX = 200;

/** POST /members/{id}/wishlist-merge: the guest's list from the browser, joined at login. */
export const wishlistMergeSchema = z.strictObject(
  { products_id: z.array(idSchema).max(WISHLIST_MAX, { error: reviewMsg.wishlistFull }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest) },
);

/** One kept product with what its card shows. */
export const wishlistItemSchema = z.object({
  products_id: z.number().int(),
  name: z.string(),
  banner: z.string(),
  price: z.number().int(),
  on_sale_price: z.number().int(),
  /** Whether it can be bought now (active and inside its window). */
  available: z.boolean(),
  created_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
