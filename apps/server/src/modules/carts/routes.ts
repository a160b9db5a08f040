import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCartLineSchema,
  addPackageCartLineSchema,
  cartMergeAnswerSchema,
  cartMergeSchema,
  clearedLinesSchema,
  memberCartLineSchema,
  memberPackageLineSchema,
  packageCartRowSchema,
  productCartRowSchema,
  removedLineSchema,
  updateCartLineSchema,
} from '@shop/domain';
import { created, replies } from '../../http/replies.ts';
import { idParams, idSchema } from '../../http/params.ts';
import { assertSelf } from '../../plugins/access.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as carts from './carts.service.ts';

const memberIdParams = z.object({ memberId: idSchema });

/**
 * spec §7 Carts and Package carts: members only (guests keep their cart in local storage), every path
 * scoped to the token's member — another member's id or line answers 403.
 */
export const cartRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Personal data: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  productCartRoutes(app, options);
  packageCartRoutes(app, options);
};

const member = { config: { access: 'member' as const } };
const tags = ['carts'];
const me = (req: { member: { id: number } | null }) => req.member!.id;

/** The cart of single products. */
function productCartRoutes(app: ModuleApp, { db, now }: ModuleOptions) {
  app.post(
    '/shopping-carts',
    { ...member, schema: { response: created(productCartRowSchema), tags, body: addCartLineSchema } },
    async (req, reply) => {
      carts.checkBodyMember(me(req), req.body.members_id);
      const data = await carts.addProductLine(db, me(req), req.body, now());
      return reply.code(201).send({ code: 201, data });
    },
  );
  // issue 20 item 11: the guest's cart joins at login in one call whose answer says what each line kept.
  app.post(
    '/shopping-carts-merge',
    { ...member, schema: { response: replies(cartMergeAnswerSchema), tags, body: cartMergeSchema } },
    async (req) => {
      carts.checkBodyMember(me(req), req.body.members_id);
      return { code: 200, data: await carts.mergeGuestLines(db, me(req), req.body, now()) };
    },
  );
  app.put(
    '/shopping-carts/:id',
    {
      ...member,
      schema: { response: replies(productCartRowSchema), tags, params: idParams, body: updateCartLineSchema },
    },
    async (req) => {
      carts.checkBodyMember(me(req), req.body.members_id);
      return { code: 200, data: await carts.setProductLineQty(db, me(req), req.params.id, req.body.qty, now()) };
    },
  );
  app.delete(
    '/shopping-carts/:id',
    { ...member, schema: { response: replies(removedLineSchema), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await carts.deleteProductLine(db, me(req), req.params.id),
    }),
  );
  app.get(
    '/shopping-carts-by-members-id/:id',
    { ...member, schema: { response: replies(z.array(memberCartLineSchema)), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await carts.listProductLines(db, assertSelf(req, req.params.id), now()),
    }),
  );
  app.delete(
    '/shopping-carts-by-members-id/:id',
    { ...member, schema: { response: replies(clearedLinesSchema), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await carts.clearProductLines(db, assertSelf(req, req.params.id)),
    }),
  );
}

/** The cart of packages (套組). */
function packageCartRoutes(app: ModuleApp, { db, now }: ModuleOptions) {
  app.post(
    '/package-shopping-carts',
    { ...member, schema: { response: created(packageCartRowSchema), tags, body: addPackageCartLineSchema } },
    async (req, reply) => {
      carts.checkBodyMember(me(req), req.body.members_id);
      const data = await carts.addPackageLine(db, me(req), req.body, now());
      return reply.code(201).send({ code: 201, data });
    },
  );
  app.put(
    '/package-shopping-carts/:id',
    {
      ...member,
      schema: { response: replies(packageCartRowSchema), tags, params: idParams, body: updateCartLineSchema },
    },
    async (req) => {
      carts.checkBodyMember(me(req), req.body.members_id);
      return { code: 200, data: await carts.setPackageLineQty(db, me(req), req.params.id, req.body.qty, now()) };
    },
  );
  app.delete(
    '/package-shopping-carts/:id',
    { ...member, schema: { response: replies(removedLineSchema), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await carts.deletePackageLine(db, me(req), req.params.id),
    }),
  );
  app.get(
    '/package-shopping-carts-by-members-id/:memberId',
    { ...member, schema: { response: replies(z.array(memberPackageLineSchema)), tags, params: memberIdParams } },
    async (req) => ({ code: 200, data: await carts.listPackageLines(db, assertSelf(req, req.params.memberId)) }),
  );
  app.delete(
    '/package-shopping-carts-by-members-id/:memberId',
    { ...member, schema: { response: replies(clearedLinesSchema), tags, params: memberIdParams } },
    async (req) => ({ code: 200, data: await carts.clearPackageLines(db, assertSelf(req, req.params.memberId)) }),
  );
}
