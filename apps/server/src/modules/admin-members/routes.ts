import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBonusBalanceSchema,
  adminMemberDetailSchema,
  adminMemberFilterSchema,
  adminMemberListItemSchema,
  adminMemberProductOptionSchema,
  adminProductRelationSchema,
  adminMemberUpdateSchema,
  bonusAdjustmentSchema,
  productRelationCreateSchema,
  productRelationUpdateSchema,
} from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { created, replies } from '../../http/replies.ts';
import { currentStaff, noStore, sendPage } from '../admin/index.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as members from './admin-members.service.ts';

const productOptionsQuery = z.object({ keyword: z.string().trim().max(50, { error: '最多 50 字' }).default('') });

/** Back-office members (issue 7 item 6), for staff and owner. */
export const adminMemberRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  memberAccountRoutes(app, options);
  productRelationRoutes(app, options);
};

const staff = { config: { access: 'staff' as const } };
const tags = ['admin-members'];
const ok = (reply: Parameters<typeof noStore>[0], data: unknown, code = 200) =>
  noStore(reply).code(code).send({ code, data });

/** The member list, a member's record and their points. */
function memberAccountRoutes(app: ModuleApp, { db, now, cache }: ModuleOptions) {
  app.get(
    '/admin/members',
    {
      ...staff,
      schema: { tags, querystring: adminMemberFilterSchema, response: replies(z.array(adminMemberListItemSchema)) },
    },
    async (req, reply) => {
      const { data, total } = await members.listMembers(db, req.query);
      return sendPage(reply, { items: data, total });
    },
  );

  app.get(
    '/admin/members/product-options',
    {
      ...staff,
      schema: { tags, querystring: productOptionsQuery, response: replies(z.array(adminMemberProductOptionSchema)) },
    },
    async (req, reply) => ok(reply, await members.searchProductOptions(db, req.query.keyword)),
  );

  app.get(
    '/admin/members/:id',
    { ...staff, schema: { tags, params: idParams, response: replies(adminMemberDetailSchema) } },
    async (req, reply) => ok(reply, await members.getMember(db, req.params.id)),
  );

  app.put(
    '/admin/members/:id',
    {
      ...staff,
      schema: { tags, params: idParams, body: adminMemberUpdateSchema, response: replies(adminMemberDetailSchema) },
    },
    async (req, reply) => {
      const data = await members.updateMember(db, currentStaff(req), req.params.id, req.body, now());
      // The influencer page (/coop/{code}) is cached: a changed flag or code must show at once.
      cache.clear();
      return ok(reply, data);
    },
  );

  app.post(
    '/admin/members/:id/bonus-adjustments',
    {
      ...staff,
      schema: {
        tags,
        params: idParams,
        body: bonusAdjustmentSchema,
        response: created(adminBonusBalanceSchema),
      },
    },
    async (req, reply) => ok(reply, await members.adjustBonus(db, currentStaff(req), req.params.id, req.body), 201),
  );
}

/** The products a member is tied to (an influencer's products), which the cached pages show. */
function productRelationRoutes(app: ModuleApp, { db, cache }: ModuleOptions) {
  const relationDeps = { onRelationsChanged: () => cache.clear() };
  app.post(
    '/admin/members/:id/product-relations',
    {
      ...staff,
      schema: {
        tags,
        params: idParams,
        body: productRelationCreateSchema,
        response: created(adminProductRelationSchema),
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await members.addRelation(db, currentStaff(req), req.params.id, req.body.product_id, relationDeps),
        201,
      ),
  );

  app.put(
    '/admin/member-product-relations/:id',
    {
      ...staff,
      schema: {
        tags,
        params: idParams,
        body: productRelationUpdateSchema,
        response: replies(adminProductRelationSchema),
      },
    },
    async (req, reply) =>
      ok(reply, await members.updateRelation(db, currentStaff(req), req.params.id, req.body, relationDeps)),
  );

  app.delete(
    '/admin/member-product-relations/:id',
    { ...staff, schema: { tags, params: idParams, response: replies(z.null()) } },
    async (req, reply) => {
      await members.removeRelation(db, currentStaff(req), req.params.id, relationDeps);
      return ok(reply, null);
    },
  );
}
