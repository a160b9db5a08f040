import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminShipmentViewSchema, createShipmentsSchema, shipmentRequestResultSchema } from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import { labelPage } from './shipment-labels.ts';
import { adminShipmentViewOf, requestShipments, simulateNextStatus } from './shipments.service.ts';

const labelQuery = z.object({
  order_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
    .transform((text) => text.split(',').map(Number)),
});

/**
 * Back-office shipments (issue 17 item 2): 建立物流單 for selected orders, 列印託運單, and in simulator
 * mode 模擬物流進度 (the next signed status notice, through the same door as ECPay's).
 */
export const shipmentRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const } };
  const tags = ['admin-orders'];

  app.post(
    '/admin/shipments',
    {
      ...staff,
      schema: { tags, body: createShipmentsSchema, response: replies(z.array(shipmentRequestResultSchema)) },
    },
    async (req, reply) => {
      const results = await requestShipments(db, config, currentStaff(req).id, req.body.order_ids, now());
      return noStore(reply).send({ code: 200, data: results });
    },
  );

  // Static path: wins over /admin/shipments/:id in the router, should one come.
  app.get(
    '/admin/shipments/labels',
    { ...staff, schema: { tags, querystring: labelQuery, response: { 200: z.string().describe('text/html') } } },
    async (req, reply) => {
      const { html, csp } = await labelPage(db, config, req.query.order_ids);
      return noStore(reply).type('text/html; charset=utf-8').header('Content-Security-Policy', csp).send(html);
    },
  );

  app.post(
    '/admin/orders/:id/shipment/simulate',
    {
      ...staff,
      schema: {
        tags,
        params: idParams,
        body: z.object({ unclaimed: z.boolean().optional() }),
        response: replies(adminShipmentViewSchema.nullable()),
      },
    },
    async (req, reply) => {
      await simulateNextStatus(db, config, req.params.id, req.body.unclaimed ?? false, now());
      return noStore(reply).send({ code: 200, data: await adminShipmentViewOf(db, config, req.params.id) });
    },
  );
};
