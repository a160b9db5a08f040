import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContactMessageSchema, contactInboxFilterSchema, contactReadSchema } from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as inbox from './admin-contact.service.ts';

/** The contact inbox (issue 7 item 7), for staff and owner. The unread count rides in X-Unread-Count. */
export const adminContactRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const tags = ['admin-contact'];

  app.get(
    '/admin/contact-messages',
    {
      ...staff,
      schema: { tags, querystring: contactInboxFilterSchema, response: replies(z.array(adminContactMessageSchema)) },
    },
    async (req, reply) => {
      const { data, total, unread } = await inbox.listMessages(db, req.query);
      noStore(reply).header('X-Total-Count', String(total)).header('X-Unread-Count', String(unread));
      return { code: 200, data };
    },
  );

  app.put(
    '/admin/contact-messages/:id/read',
    {
      ...staff,
      schema: { tags, params: idParams, body: contactReadSchema, response: replies(adminContactMessageSchema) },
    },
    async (req, reply) =>
      noStore(reply).send({
        code: 200,
        data: await inbox.markRead(db, currentStaff(req), req.params.id, req.body.read, now()),
      }),
  );
};
