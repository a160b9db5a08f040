import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminJobListQuery, adminJobSchema } from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore, sendPage } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as service from './admin-jobs.service.ts';

/** Background jobs (issue 15 item 2), for staff and owner: failed ones are listed and can run again. */
export const adminJobRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const tags = ['admin-jobs'];

  app.get(
    '/admin/jobs',
    { ...staff, schema: { tags, querystring: adminJobListQuery, response: replies(z.array(adminJobSchema)) } },
    async (req, reply) => sendPage(reply, await service.listJobs(db, req.query)),
  );

  app.post(
    '/admin/jobs/:id/retry',
    { ...staff, schema: { tags, params: idParams, response: replies(adminJobSchema) } },
    async (req, reply) =>
      noStore(reply).send({ code: 200, data: await service.retryJob(db, currentStaff(req), req.params.id, now()) }),
  );
};
