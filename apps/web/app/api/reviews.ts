// Product reviews (issue 43 item 1): one page of a product's reviews, what a received order may still
// review, and a buyer's review. Shapes are the domain's zod schemas, shared with the server.
import type { ProductReview, ReviewableLine, ReviewBodyInput } from '@shop/domain';
import { apiGet, apiSend, type ApiFetch } from './client.ts';

/** GET /products/{id}/reviews: one page, newest first (the page's first one comes with the product page). */
export const getReviewPage = (api: ApiFetch, productId: number, page: number, size: number) =>
  apiGet<ProductReview[]>(api, `/products/${productId}/reviews?page=${page}&size=${size}`);

/** GET /orders/{id}/review-lines: the products of the member's received order, each reviewed or not. */
export const getReviewLines = (api: ApiFetch, orderId: number) =>
  apiGet<ReviewableLine[]>(api, `/orders/${orderId}/review-lines`);

/** POST /products/{id}/reviews. */
export const postReview = (api: ApiFetch, productId: number, body: ReviewBodyInput) =>
  apiSend<ProductReview>(api, 'POST', `/products/${productId}/reviews`, body);
