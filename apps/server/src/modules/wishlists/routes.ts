import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wishlistAddSchema, wishlistItemSchema, wishlistMergeSchema } from '@shop/domain';
import { idSchema } from '../../http/params.ts';
import { created, replies } from '../../http/replies.ts';
import { assertSelf } from '../../plugins/access.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as wishlists from './wishlists.service.ts';

const memberParams = z.object({ id: idSchema });
const itemParams = z.object({ id: idSchema, productId: idSchema });
const list = z.array(wishlistItemSchema);

/** 收藏清單 (issue 43 item 4): a member's own list only; another member's id answers 403. */
export const wishlistRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const member = { config: { access: 'member' as const } };
  const tags = ['wishlist'];
  // Personal data: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/members/:id/wishlist',
    { ...member, schema: { tags, params: memberParams, response: replies(list) } },
    async (req) => ({
      code: 200,
      data: await wishlists.listWishlist(db, assertSelf(req, req.params.id), now()),
    }),
  );
  app.post(
    '/members/:id/wishlist',
    { ...member, schema: { tags, params: memberParams, body: wishlistAddSchema, response: created(list) } },
    async (req, reply) => {
      const data = await wishlists.addToWishlist(db, assertSelf(req, req.params.id), req.body.products_id, now());
      return reply.code(201).send({ code: 201, data });
    },
  );
  // Issue 43 item 4: the guest's list joins at login in one call, as the cart's lines do.
  app.post(
    '/members/:id/wishlist-merge',
    { ...member, schema: { tags, params: memberParams, body: wishlistMergeSchema, response: replies(list) } },
    async (req) => ({
      code: 200,
      data: await wishlists.mergeWishlist(db, assertSelf(req, req.params.id), req.body.products_id, now()),
    }),
  );
  app.delete(
    '/members/:id/wishlist/:productId',
    { ...member, schema: { tags, params: itemParams, response: replies(list) } },
    async (req) => ({
      code: 200,
      data: await wishlists.removeFromWishlist(db, assertSelf(req, req.params.id), req.params.productId, now()),
    }),
  );
};
