import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../module-options.ts';
import { adminAuthRoutes } from './auth.routes.ts';
import { adminStaffRoutes } from './staff.routes.ts';
import { adminUploadRoutes } from './upload.routes.ts';

/**
 * The back office's API (issue 7, docs/admin.md): every route declares `access: 'staff'` or
 * `'owner'` (plugins/access.ts), except the login. Each area is its own plugin; add new areas here.
 */
export const adminRoutes: FastifyPluginAsync<ModuleOptions> = async (app, options) => {
  await app.register(adminAuthRoutes, options);
  await app.register(adminStaffRoutes, options);
  await app.register(adminUploadRoutes, options);
};
