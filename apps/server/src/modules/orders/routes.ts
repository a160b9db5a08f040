import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelRecordBodySchema,
  cancelRecordViewSchema,
  isShopDate,
  lookedUpCancelRecordSchema,
  lookedUpOrderSchema,
  lookedUpReturnRecordSchema,
  msg,
  ORDER_NUMBER_PATTERN,
  orderBodySchema,
  orderDetailViewSchema,
  orderMsg,
  orderPreviewBodySchema,
  orderQuoteViewSchema,
  orderViewSchema,
  paymentMsg,
  returnRecordBodySchema,
  returnRecordViewSchema,
  transferNoticeBodySchema,
  TW_MOBILE_PATTERN,
  checkoutPaymentMethodsSchema,
  installmentPlanSchema,
} from '@shop/domain';
import { created, replies } from '../../http/replies.ts';
import { idParams, idSchema, pageSchema, sizeSchema } from '../../http/params.ts';
import { Forbidden, Invalid, TooManyRequests } from '../../errors.ts';
import { assertSelf } from '../../plugins/access.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as afterSales from './after-sales.service.ts';
import { createOrder, IDEMPOTENCY_KEY_PATTERN, quoteOrder, sweepIdempotencyKeys } from './order-checkout.service.ts';
import * as orders from './orders.service.ts';
import { checkoutPaymentMethods, refuseUnofferedPayment } from './checkout-payment-methods.ts';
import { getOrderSettings } from '../settings/index.ts';
import { checkedPickupStore, logisticsSettings } from '../logistics/index.ts';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';
import { completeOrders } from './order-completion.ts';
import { invoiceGateway, invoiceViewOf, refuseUnknownCarrier } from '../invoices/index.ts';

/**
 * The order lookup by mobile number is open to anybody with the storefront's guest credential: 30
 * lookups per 10 minutes per IP let a shopper retype a number, and stop a script walking through numbers.
 */
/** How often each process looks for orders whose payment deadline passed. */
const OVERDUE_SWEEP_MS = 10 * 60_000;

/** How often each process completes orders whose return window closed. */
const COMPLETION_SWEEP_MS = 60 * 60_000;

export const ORDER_LOOKUP_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

const memberIdParams = z.object({ id: idSchema });
const pagingQuery = z.object({ page: pageSchema.optional(), size: sizeSchema.optional() });
const shopDate = z.string().refine(isShopDate, { error: orderMsg.dateFormat });
const rangeParams = z
  .object({ id: idSchema, start: shopDate, end: shopDate })
  .refine((p) => p.start <= p.end, { error: orderMsg.dateRangeOrder, path: ['end'] });
const numberParams = z.object({
  id: idSchema,
  number: z.string().regex(ORDER_NUMBER_PATTERN, { error: paymentMsg.orderNumberFormat }),
});
const phoneParams = z.object({ phone: z.string().regex(TW_MOBILE_PATTERN, { error: msg.mobileFormat }) });
const cancelBody = z.object({ id: idSchema.optional() }).nullish();

/** A body's `members_id`, when sent, must be the caller: a client never acts for another member (spec §6). */
async function bodyMemberIsCaller(req: FastifyRequest) {
  const body = req.body as Record<string, unknown> | null | undefined;
  const sent = body && typeof body === 'object' ? body.members_id : undefined;
  if (sent === undefined || sent === null) return;
  const parsed = idSchema.safeParse(sent);
  if (!parsed.success) throw new Invalid(msg.badRequest, [{ field: 'members_id', msg: msg.invalidId }]);
  if (parsed.data !== req.member?.id) throw new Forbidden();
}

function sameId(pathId: number, bodyId: number | undefined) {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new Invalid(msg.badRequest, [{ field: 'id', msg: orderMsg.idMismatch }]);
  }
}

function idempotencyKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new Invalid(msg.badRequest, [{ field: 'Idempotency-Key', msg: orderMsg.idempotencyKeyFormat }]);
  }
  return value;
}

/**
 * spec §7 Orders, Cancel records, Return records (issue 6 items 3, 5, 6). Members only, every path
 * scoped to the token's member, except the lookups by the buyer's mobile number (guest path allowed,
 * rate-limited, masked answers: docs/decisions/020).
 */
export const orderRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const { db, now, shared } = options;
  await base.register(rateLimit, {
    global: false,
    store: shared.rateLimitStore,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => new TooManyRequests(),
  });
  scheduleHousekeeping(base, 'idempotency key sweep', () => sweepIdempotencyKeys(db, now()));
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Personal data: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const deps = depsOf(options);
  // Decision 045: an order whose payment deadline passed is cancelled within ten minutes of it.
  scheduleHousekeeping(base, 'overdue order cancel', () => orders.cancelOverdueOrders(db, deps()), OVERDUE_SWEEP_MS);
  // Issue 21: orders whose return window closed are completed, and their points credited, within the hour.
  scheduleHousekeeping(base, 'order completion', () => completeOrders(db, deps()), COMPLETION_SWEEP_MS);
  checkoutRoutes(app, options);
  memberOrderRoutes(app, options);
  afterSalesRoutes(app, options);
  phoneLookupRoutes(app, options);
};

const member = { config: { access: 'member' as const } };
const lookup = { config: { access: 'public' as const, rateLimit: ORDER_LOOKUP_RATE_LIMIT } };
const tags = ['orders'];
const me = (req: FastifyRequest) => req.member!.id;
const paging = (q: { page?: number; size?: number }) => ({
  page: q.page ?? orders.DEFAULT_PAGING.page,
  size: q.size ?? orders.DEFAULT_PAGING.size,
});

/** What the order services are given on each call: the time, the return window, and who hears of stock. */
function depsOf({ config, now, cache }: ModuleOptions) {
  return () => ({ now: now(), defaultReturnDays: config.RETURN_DAYS, onStockChanged: () => cache.clear() });
}

/** Checkout: what it offers, the quote and the order. */
function checkoutRoutes(app: ModuleApp, options: ModuleOptions) {
  const { db, config, now } = options;
  const deps = depsOf(options);
  const logistics = logisticsSettings(config);
  app.get(
    '/payment-methods',
    { config: { access: 'public' }, schema: { response: replies(checkoutPaymentMethodsSchema), tags } },
    async () => ({ code: 200, data: checkoutPaymentMethods(config, await getOrderSettings(db, 0)) }),
  );

  app.get(
    '/installment-plan',
    { config: { access: 'public' }, schema: { response: replies(installmentPlanSchema), tags } },
    async () => {
      const { installmentPlan } = await getOrderSettings(db, 0);
      return { code: 200, data: { counts: [...installmentPlan.counts], min_amount: installmentPlan.minAmount } };
    },
  );

  app.post(
    '/orders-preview',
    {
      ...member,
      preValidation: bodyMemberIsCaller,
      schema: { response: replies(orderQuoteViewSchema), tags, body: orderPreviewBodySchema },
    },
    async (req) => ({ code: 200, data: await quoteOrder(db, me(req), req.body, deps()) }),
  );

  app.post(
    '/orders',
    {
      ...member,
      preValidation: bodyMemberIsCaller,
      schema: { response: created(orderViewSchema), tags, body: orderBodySchema },
    },
    async (req, reply) => {
      refuseUnofferedPayment(config, await getOrderSettings(db, 0), req.body.payment_type);
      // docs/decisions/053, 077: only a store the map chose for this member (signed by the shop, on a
      // ticket of theirs) is taken, as the map named it.
      const body = req.body.store
        ? { ...req.body, store: await checkedPickupStore(db, logistics, me(req), req.body.store, now()) }
        : req.body;
      const key = idempotencyKeyOf(req);
      await refuseUnknownCarrier(invoiceGateway(config), req.body.receipt, req.log);
      const { order, replayed } = await createOrder(db, me(req), body, key, deps());
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send({ code: 201, data: order });
    },
  );
}

/** A member's orders: read, cancel before payment, tell a transfer's last digits. */
function memberOrderRoutes(app: ModuleApp, options: ModuleOptions) {
  const { db } = options;
  const deps = depsOf(options);
  app.get(
    '/orders/:id',
    { ...member, schema: { response: replies(orderViewSchema), tags, params: idParams } },
    async (req) => {
      const order = await orders.getOrder(db, me(req), req.params.id, deps());
      return { code: 200, data: { ...order, e_invoice: await invoiceViewOf(db, order.id) } };
    },
  );

  app.get(
    '/orders-by-members-id/:id',
    {
      ...member,
      schema: { response: replies(z.array(orderViewSchema)), tags, params: memberIdParams, querystring: pagingQuery },
    },
    async (req, reply) => {
      const page = await orders.listMemberOrders(db, assertSelf(req, req.params.id), {}, paging(req.query), deps());
      reply.header('X-Total-Count', String(page.total));
      return { code: 200, data: page.data };
    },
  );

  app.get(
    '/orders-by-members-id/:id/start/:start/end/:end',
    {
      ...member,
      schema: { response: replies(z.array(orderViewSchema)), tags, params: rangeParams, querystring: pagingQuery },
    },
    async (req, reply) => {
      const { id, start, end } = req.params;
      const page = await orders.listMemberOrders(db, assertSelf(req, id), { start, end }, paging(req.query), deps());
      reply.header('X-Total-Count', String(page.total));
      return { code: 200, data: page.data };
    },
  );

  app.get(
    '/orders-by-members-id-and-order-number/member/:id/number/:number',
    { ...member, schema: { response: replies(orderDetailViewSchema), tags, params: numberParams } },
    async (req) => {
      const order = await orders.getOrderByNumber(db, assertSelf(req, req.params.id), req.params.number, deps());
      return { code: 200, data: { ...order, e_invoice: await invoiceViewOf(db, order.id) } };
    },
  );

  app.put(
    '/orders/:id/cancel',
    { ...member, schema: { response: replies(orderViewSchema), tags, params: idParams, body: cancelBody } },
    async (req) => {
      sameId(req.params.id, req.body?.id);
      return { code: 200, data: await orders.cancelUnpaidOrder(db, me(req), req.params.id, deps()) };
    },
  );

  app.put(
    '/orders/:id/last-number-of-transfer',
    {
      ...member,
      preValidation: bodyMemberIsCaller,
      schema: { response: replies(orderViewSchema), tags, params: idParams, body: transferNoticeBodySchema },
    },
    async (req) => {
      sameId(req.params.id, req.body.id);
      return {
        code: 200,
        data: await orders.notifyTransfer(db, me(req), req.params.id, req.body.last_number_of_transfer, deps()),
      };
    },
  );
}

/** After-sales requests: cancel and return records. */
function afterSalesRoutes(app: ModuleApp, options: ModuleOptions) {
  const { db } = options;
  const deps = depsOf(options);
  app.post(
    '/order-cancel-records',
    {
      ...member,
      preValidation: bodyMemberIsCaller,
      schema: { response: created(cancelRecordViewSchema), tags, body: cancelRecordBodySchema },
    },
    async (req, reply) =>
      reply.code(201).send({ code: 201, data: await afterSales.requestCancel(db, me(req), req.body, deps()) }),
  );

  app.post(
    '/order-return-records',
    {
      ...member,
      preValidation: bodyMemberIsCaller,
      schema: { response: created(returnRecordViewSchema), tags, body: returnRecordBodySchema },
    },
    async (req, reply) =>
      reply.code(201).send({ code: 201, data: await afterSales.requestReturn(db, me(req), req.body, deps()) }),
  );

  app.get(
    '/order-cancel-records-by-members-id/:id',
    { ...member, schema: { response: replies(z.array(cancelRecordViewSchema)), tags, params: memberIdParams } },
    async (req) => ({
      code: 200,
      data: await afterSales.listCancelRecordsOfMember(db, assertSelf(req, req.params.id)),
    }),
  );

  app.get(
    '/order-return-records-by-members-id/:id',
    { ...member, schema: { response: replies(z.array(returnRecordViewSchema)), tags, params: memberIdParams } },
    async (req) => ({
      code: 200,
      data: await afterSales.listReturnRecordsOfMember(db, assertSelf(req, req.params.id)),
    }),
  );
}

/** Look-ups by the buyer's mobile number (spec §2 order search), rate-limited, masked answers. */
function phoneLookupRoutes(app: ModuleApp, options: ModuleOptions) {
  const { db } = options;
  const deps = depsOf(options);
  const viewer = (req: FastifyRequest) => req.member?.id ?? null;
  app.get(
    '/orders-by-members-cellphone/:phone',
    {
      ...lookup,
      schema: { response: replies(z.array(lookedUpOrderSchema)), tags, params: phoneParams, querystring: pagingQuery },
    },
    async (req, reply) => {
      const page = await orders.lookupOrdersByPhone(db, req.params.phone, viewer(req), paging(req.query), deps());
      reply.header('X-Total-Count', String(page.total));
      return { code: 200, data: page.data };
    },
  );

  app.get(
    '/order-cancel-records-by-orders-cellphone/:phone',
    { ...lookup, schema: { response: replies(z.array(lookedUpCancelRecordSchema)), tags, params: phoneParams } },
    async (req) => ({
      code: 200,
      data: await afterSales.lookupCancelRecordsByPhone(db, req.params.phone, viewer(req)),
    }),
  );

  app.get(
    '/order-return-records-by-orders-cellphone/:phone',
    { ...lookup, schema: { response: replies(z.array(lookedUpReturnRecordSchema)), tags, params: phoneParams } },
    async (req) => ({
      code: 200,
      data: await afterSales.lookupReturnRecordsByPhone(db, req.params.phone, viewer(req)),
    }),
  );
}
