import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, staffAccountRecordSchema, staffCreateSchema, staffUpdateSchema } from '@shop/domain';
import { idParams, idSchema, pageSchema, sizeSchema } from '../../http/params.ts';
import { created, replies } from '../../http/replies.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as audit from './audit-log.service.ts';
import { currentStaff, noStore, sendPage } from './request-staff.ts';
import * as staffService from './staff.service.ts';

const auditQuery = z.object({
  entity: z.string().trim().max(60).optional(),
  entity_id: z.string().trim().max(60).optional(),
  staff_id: idSchema.optional(),
  page: pageSchema.default(1),
  size: sizeSchema.default(50),
});

/** Staff accounts and the audit trail: owner only (issue 7 item 1). */
export const adminStaffRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const owner = { config: { access: 'owner' as const } };
  const tags = ['admin'];

  app.get(
    '/admin/staff',
    { ...owner, schema: { tags, response: replies(z.array(staffAccountRecordSchema)) } },
    async (_req, reply) => noStore(reply).send({ code: 200, data: await staffService.listStaff(db) }),
  );
  app.post(
    '/admin/staff',
    { ...owner, schema: { tags, body: staffCreateSchema, response: created(staffAccountRecordSchema) } },
    async (req, reply) => {
      const data = await staffService.createStaff(db, currentStaff(req).id, req.body);
      return noStore(reply).code(201).send({ code: 201, data });
    },
  );
  app.put(
    '/admin/staff/:id',
    {
      ...owner,
      schema: { tags, params: idParams, body: staffUpdateSchema, response: replies(staffAccountRecordSchema) },
    },
    async (req, reply) => {
      const data = await staffService.updateStaff(db, currentStaff(req).id, req.params.id, req.body, now());
      return noStore(reply).send({ code: 200, data });
    },
  );

  app.get(
    '/admin/audit-log',
    { ...owner, schema: { tags, querystring: auditQuery, response: replies(z.array(auditEntrySchema)) } },
    async (req, reply) => sendPage(reply, await audit.listAudit(db, req.query)),
  );
};
