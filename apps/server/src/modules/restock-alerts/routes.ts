import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restockSubscriptionBodySchema, restockSubscriptionSchema } from '@shop/domain';
import { created, replies } from '../../http/replies.ts';
import { idParams } from '../../http/params.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as restock from './restock-alerts.service.ts';

/** 貨到通知 (issue 43 item 2): members only, each member sees and ends only their own waits. */
export const restockAlertRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const member = { config: { access: 'member' as const } };
  const tags = ['restock-alerts'];
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const me = (req: { member: { id: number } | null }) => req.member!.id;

  app.get(
    '/restock-subscriptions',
    { ...member, schema: { response: replies(z.array(restockSubscriptionSchema)), tags } },
    async (req) => ({ code: 200, data: await restock.listMine(db, me(req)) }),
  );
  app.post(
    '/restock-subscriptions',
    {
      ...member,
      schema: {
        body: restockSubscriptionBodySchema,
        response: { ...created(restockSubscriptionSchema), ...replies(restockSubscriptionSchema) },
        tags,
      },
    },
    async (req, reply) => {
      const { created: isNew, data } = await restock.subscribe(db, me(req), req.body.spec_id, now());
      return reply.code(isNew ? 201 : 200).send({ code: isNew ? 201 : 200, msg: '貨到時會通知您', data });
    },
  );
  app.delete(
    '/restock-subscriptions/:id',
    { ...member, schema: { params: idParams, response: replies(z.null()), tags } },
    async (req) => {
      await restock.unsubscribe(db, me(req), req.params.id);
      return { code: 200, msg: '已取消貨到通知', data: null };
    },
  );
};
