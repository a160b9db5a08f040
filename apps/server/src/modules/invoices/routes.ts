import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, eInvoiceRegisterQuerySchema, eInvoiceRegisterSchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import { invoiceRegister, invoiceRegisterCsv } from './invoice-register.service.ts';

/** The back office's daily register of e-invoices (issue 16 item 4), for staff and owner. */
export const invoiceRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const tags = ['admin-invoices'];
  const csv = { 200: z.string().describe('text/csv; charset=utf-8'), '4xx': apiErrorSchema, '5xx': apiErrorSchema };

  app.get(
    '/admin/invoices',
    { ...staff, schema: { tags, querystring: eInvoiceRegisterQuerySchema, response: replies(eInvoiceRegisterSchema) } },
    async (req, reply) => noStore(reply).send({ code: 200, data: await invoiceRegister(db, req.query.date, now()) }),
  );

  app.get(
    '/admin/invoices/export',
    { ...staff, schema: { tags, querystring: eInvoiceRegisterQuerySchema, response: csv } },
    async (req, reply) => {
      const { filename, body } = await invoiceRegisterCsv(db, req.query.date, now());
      return noStore(reply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
