import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderFilterSchema,
  adminOrderListItemSchema,
  apiErrorSchema,
  approveReturnSchema,
  cancelDecisionSchema,
  confirmPaymentSchema,
  manualRefundSchema,
  refundReturnSchema,
  rejectReturnSchema,
  shipOrderSchema,
} from '@shop/domain';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore, sendPage } from '../admin/index.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as orders from './admin-orders.service.ts';
import { orderHandling as handling } from '../orders/index.ts';
import { recordManualRefund } from '../payments/index.ts';

/**
 * Back-office orders (issue 7 item 5), for staff and owner. Handling steps are POSTs on the order;
 * each names the order version the form showed (409 when it moved on).
 */
export const adminOrderRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  orderReadRoutes(app, options);
  orderHandlingRoutes(app, options);
};

const staff = { config: { access: 'staff' as const } };
const tags = ['admin-orders'];
const order = replies(adminOrderDetailSchema);
// The export answers the CSV file itself, not the JSON envelope.
const csv = { 200: z.string().describe('text/csv; charset=utf-8'), '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const ok = (reply: Parameters<typeof noStore>[0], data: unknown) => noStore(reply).send({ code: 200, data });

/** The order list, its CSV export and one order. */
function orderReadRoutes(app: ModuleApp, { db, config, now }: ModuleOptions) {
  app.get(
    '/admin/orders',
    {
      ...staff,
      schema: { tags, querystring: adminOrderFilterSchema, response: replies(z.array(adminOrderListItemSchema)) },
    },
    async (req, reply) => {
      const { data, total } = await orders.listOrders(db, req.query);
      return sendPage(reply, { items: data, total });
    },
  );

  // Static path: wins over /admin/orders/:id in the router.
  app.get(
    '/admin/orders/export',
    { ...staff, schema: { tags, querystring: adminOrderFilterSchema, response: csv } },
    async (req, reply) => {
      const { filename, body } = await orders.exportOrdersCsv(db, currentStaff(req).id, req.query, now());
      return noStore(reply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.get('/admin/orders/:id', { ...staff, schema: { tags, params: idParams, response: order } }, async (req, reply) =>
    ok(reply, await orders.getOrder(db, req.params.id, config)),
  );
}

/** The handling steps: payment, refund, shipment, and the shopper's cancel and return requests. */
function orderHandlingRoutes(app: ModuleApp, { db, config, now, cache }: ModuleOptions) {
  const deps = () => ({ now: now(), onStockChanged: () => cache.clear() });
  // A handling step answers the order as the back office then shows it.
  const done = async (reply: Parameters<typeof noStore>[0], id: number, step: Promise<void>) => {
    await step;
    return ok(reply, await orders.getOrder(db, id, config));
  };

  app.post(
    '/admin/orders/:id/payment-confirmation',
    { ...staff, schema: { tags, params: idParams, body: confirmPaymentSchema, response: order } },
    async (req, reply) =>
      done(
        reply,
        req.params.id,
        handling.confirmPayment(db, currentStaff(req), req.params.id, req.body.version, deps()),
      ),
  );

  app.post(
    '/admin/orders/:id/refund-settled',
    { ...staff, schema: { tags, params: idParams, body: confirmPaymentSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, handling.settleRefund(db, currentStaff(req), req.params.id, req.body.version, deps())),
  );

  app.post(
    '/admin/orders/:id/refund-record',
    { ...staff, schema: { tags, params: idParams, body: manualRefundSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, recordManualRefund(db, currentStaff(req).id, req.params.id, req.body, now())),
  );

  app.post(
    '/admin/orders/:id/shipment',
    { ...staff, schema: { tags, params: idParams, body: shipOrderSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, handling.shipOrder(db, currentStaff(req), req.params.id, req.body, deps())),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/orders/:id/cancel-request/${decision}`,
      { ...staff, schema: { tags, params: idParams, body: cancelDecisionSchema, response: order } },
      async (req, reply) =>
        done(
          reply,
          req.params.id,
          handling.decideCancel(db, currentStaff(req), req.params.id, decision, req.body, deps()),
        ),
    );
  }

  app.post(
    '/admin/orders/:id/return-request/approve',
    { ...staff, schema: { tags, params: idParams, body: approveReturnSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, handling.approveReturn(db, currentStaff(req), req.params.id, req.body, deps())),
  );
  app.post(
    '/admin/orders/:id/return-request/reject',
    { ...staff, schema: { tags, params: idParams, body: rejectReturnSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, handling.rejectReturn(db, currentStaff(req), req.params.id, req.body, deps())),
  );
  app.post(
    '/admin/orders/:id/return-request/refund',
    { ...staff, schema: { tags, params: idParams, body: refundReturnSchema, response: order } },
    async (req, reply) =>
      done(reply, req.params.id, handling.completeRefund(db, currentStaff(req), req.params.id, req.body, deps())),
  );
}
