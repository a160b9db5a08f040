import type { FastifyPluginAsync } from 'fastify';
import { adminDashboardSchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import { dashboard } from './admin-dashboard.service.ts';

/** The back-office home's figures (issue 7 item 8), for staff and owner. */
export const adminDashboardRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, now }) => {
  app.get(
    '/admin/dashboard',
    { config: { access: 'staff' }, schema: { tags: ['admin-dashboard'], response: replies(adminDashboardSchema) } },
    async (_req, reply) => noStore(reply).send({ code: 200, data: await dashboard(db, now()) }),
  );
};
