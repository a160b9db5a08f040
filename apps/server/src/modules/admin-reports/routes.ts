import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  salesReportBlockSchema,
  salesReportQuerySchema,
  salesReportSchema,
  type SalesReport,
  type SalesReportQuery,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import { salesReportCsv } from './sales-report-csv.ts';
import { KeptSalesSums } from './kept-sales-sums.ts';
import { salesReport, type SalesSumsPart } from './sales-report.service.ts';

/** The owner's numbers (issue 42), for the owner and the staff who handle orders. */
export const adminReportRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const tags = ['admin-reports'];
  // Staff asking for the same range at the same moment share one reading of it: on the embedded
  // database the statements of concurrent reports would otherwise run one after another (decision 084).
  const inFlight = new Map<string, Promise<SalesReport>>();
  // Each range's sums and requests are kept until a change moves their count (decision 093).
  const kept = new KeptSalesSums<SalesSumsPart>();
  const report = (range: SalesReportQuery) => {
    const key = `${range.from}/${range.to}`;
    let reading = inFlight.get(key);
    if (!reading) {
      reading = salesReport(db, range, kept).finally(() => inFlight.delete(key));
      inFlight.set(key, reading);
    }
    return reading;
  };
  const csv = { 200: z.string().describe('text/csv; charset=utf-8'), '4xx': apiErrorSchema, '5xx': apiErrorSchema };

  app.get(
    '/admin/reports/sales',
    { ...staff, schema: { tags, querystring: salesReportQuerySchema, response: replies(salesReportSchema) } },
    async (req, reply) => noStore(reply).send({ code: 200, data: await report(req.query) }),
  );

  app.get(
    '/admin/reports/sales/export',
    {
      ...staff,
      schema: {
        tags,
        querystring: salesReportQuerySchema.and(z.object({ block: salesReportBlockSchema })),
        response: csv,
      },
    },
    async (req, reply) => {
      const { filename, body } = salesReportCsv(await report(req.query), req.query.block);
      return noStore(reply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
