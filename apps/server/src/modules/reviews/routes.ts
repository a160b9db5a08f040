import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewFilterSchema,
  adminReviewSchema,
  apiErrorSchema,
  productReviewSchema,
  reviewableLineSchema,
  reviewBodySchema,
  reviewModerationSchema,
  reviewPageSchema,
} from '@shop/domain';
import { TooManyRequests } from '../../errors.ts';
import { idParams, pageSchema, sizeSchema } from '../../http/params.ts';
import { created, replies } from '../../http/replies.ts';
import { currentStaff, noStore, sendPage } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as reviews from './reviews.service.ts';

/** A buyer writes a few reviews after an order arrives; 10 in 10 minutes per member stops a script. */
export const REVIEW_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

const pageQuery = z.object({ page: pageSchema.optional(), size: sizeSchema.optional() });

/** Issue 43 item 1: the contract `{ data, average, count }` sits beside `code`, not inside `data`. */
const reviewPageReply = {
  200: z.object({ code: z.number().int(), data: reviewPageSchema.shape.data, average: z.number(), count: z.number() }),
  '4xx': apiErrorSchema,
  '5xx': apiErrorSchema,
};

/**
 * Product reviews (issue 43 item 1, docs/decisions/085): read by anyone, written by a member about a
 * product of their received order, hidden or answered in the back office. A change drops the kept
 * pages and answers, so the product page shows it at once.
 */
export const reviewRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now, cache, shared }) => {
  // Limited per member (the key), shared by the processes when they share Redis (docs/decisions/063).
  await base.register(rateLimit, {
    global: false,
    store: shared.rateLimitStore,
    keyGenerator: (req) => (req.member ? `member:${req.member.id}` : req.ip),
    errorResponseBuilder: () => new TooManyRequests(),
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const staff = { config: { access: 'staff' as const } };

  app.get(
    '/products/:id/reviews',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, querystring: pageQuery, response: reviewPageReply },
    },
    async (req) => {
      const page = req.query.page ?? 1;
      const size = req.query.size ?? 10;
      const answer = await cache.remember(`reviews:${req.params.id}:${page}:${size}`, () =>
        reviews.listReviews(db, req.params.id, page, size),
      );
      return { code: 200, ...answer };
    },
  );

  app.post(
    '/products/:id/reviews',
    {
      config: { access: 'member', rateLimit: REVIEW_RATE_LIMIT },
      schema: { tags, params: idParams, body: reviewBodySchema, response: created(productReviewSchema) },
    },
    async (req, reply) => {
      const data = await reviews.postReview(db, req.member!.id, req.params.id, req.body, now());
      cache.clear();
      return noStore(reply).code(201).send({ code: 201, data });
    },
  );

  app.get(
    '/orders/:id/review-lines',
    {
      config: { access: 'member' },
      schema: { tags, params: idParams, response: replies(z.array(reviewableLineSchema)) },
    },
    async (req, reply) =>
      noStore(reply).send({ code: 200, data: await reviews.reviewableLines(db, req.member!.id, req.params.id) }),
  );

  app.get(
    '/admin/reviews',
    { ...staff, schema: { tags, querystring: adminReviewFilterSchema, response: replies(z.array(adminReviewSchema)) } },
    async (req, reply) => sendPage(reply, await reviews.listReviewsForStaff(db, req.query)),
  );

  app.patch(
    '/admin/reviews/:id',
    {
      ...staff,
      schema: { tags, params: idParams, body: reviewModerationSchema, response: replies(adminReviewSchema) },
    },
    async (req, reply) => {
      const data = await reviews.moderateReview(db, currentStaff(req).id, req.params.id, req.body, now());
      cache.clear();
      return noStore(reply).send({ code: 200, data });
    },
  );
};
