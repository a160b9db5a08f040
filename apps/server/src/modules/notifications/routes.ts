import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderMessageSchema, orderMessageSwitchesBodySchema, orderMessageSwitchesSchema } from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as notifications from './notifications.service.ts';

/** An order's 通知紀錄 (staff and owner) and which kinds are sent (the owner, as every shop setting). */
export const notificationRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const owner = { config: { access: 'owner' as const } };
  const tags = ['admin-notifications'];

  app.get(
    '/admin/orders/:id/messages',
    { ...staff, schema: { tags, params: idParams, response: replies(z.array(adminOrderMessageSchema)) } },
    async (req, reply) =>
      noStore(reply).send({ code: 200, data: await notifications.listOrderMessages(db, req.params.id) }),
  );
  app.get(
    '/admin/settings/order-messages',
    { ...owner, schema: { tags, response: replies(orderMessageSwitchesSchema) } },
    async (_req, reply) => noStore(reply).send({ code: 200, data: await notifications.getSwitches(db) }),
  );
  app.put(
    '/admin/settings/order-messages',
    { ...owner, schema: { tags, body: orderMessageSwitchesBodySchema, response: replies(orderMessageSwitchesSchema) } },
    async (req, reply) =>
      noStore(reply).send({
        code: 200,
        data: await notifications.saveSwitches(db, currentStaff(req).id, req.body, now()),
      }),
  );
};
