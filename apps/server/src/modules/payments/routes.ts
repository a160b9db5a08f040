import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ecpayCheckoutSchema,
  linePayRequestAnswerSchema,
  orderPaymentSchema,
  orderVirtualAccountSchema,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { Config } from '../../config.ts';
import { idParams } from '../../http/params.ts';
import { Unauthorized } from '../../errors.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import { currentStaff } from '../admin/index.ts';
import { formFields } from './ecpay-aio.ts';
import { acceptFormBodies } from './form-bodies.ts';
import * as payments from './payments.service.ts';
import { bankcardGateway } from './bankcard-gateway.ts';
import { bankcardCheckout, receiveBankcardResult } from './bankcard.service.ts';
import { linePayGateway } from './linepay-gateway.ts';
import * as linePay from './linepay.service.ts';

export function ecpaySettings(config: Config): payments.EcpaySettings {
  return {
    mode: config.ECPAY_MODE,
    merchantId: config.ECPAY_MERCHANT_ID,
    hashKey: config.ECPAY_HASH_KEY,
    hashIv: config.ECPAY_HASH_IV,
    publicUrl: config.publicUrl,
  };
}

/** The query LINE Pay sends the shopper back with: our order id, its transaction, its orderId. */
const linePayReturnQuery = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647).catch(0),
  transactionId: z
    .string()
    .regex(/^\d{1,25}$/)
    .catch(''),
});

/** A phone opens LINE Pay's app link; a desktop its web page (LINE Pay v3 paymentUrl.app / .web). */
const isPhone = (userAgent: string | undefined) => /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent ?? '');

/** A callback's body: ECPay sends a few hundred bytes; anything much larger is not from ECPay. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

/**
 * Payment API (spec §7, issue 6 item 4): the checkout form of an order, ECPay's callbacks
 * (ReturnURL, PaymentInfoURL: exempt from tokens — they come from ECPay, and carry no cookie, so
 * the XSRF rule never applies) and the owner's PUT /orders-virtual-account.
 */
export { acceptFormBodies };

export const paymentRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const { config } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();
  acceptFormBodies(base);
  if (config.ECPAY_MODE === 'simulator' && config.NODE_ENV === 'production') {
    base.log.warn('ECPAY_MODE=simulator: card and ATM payments are simulated, no money is collected');
  }
  orderPaymentRoutes(app, options);
  bankcardRoutes(app, options);
  linePayRoutes(app, options);
  ecpayNoticeRoutes(app, options);
};

const tags = ['payments'];

/** An order's payment as the shopper sees it, and its ECPay checkout form. */
function orderPaymentRoutes(app: ModuleApp, { db, config, now }: ModuleOptions) {
  const settings = ecpaySettings(config);
  app.get(
    '/orders/:id/payment',
    { config: { access: 'member' }, schema: { response: replies(orderPaymentSchema), tags, params: idParams } },
    async (req, reply) => {
      if (!req.member) throw new Unauthorized();
      reply.header('Cache-Control', 'no-store');
      return { code: 200, data: await payments.orderPayment(db, req.member.id, req.params.id) };
    },
  );

  app.get(
    '/orders/:id/ecpay-checkout',
    { config: { access: 'member' }, schema: { response: replies(ecpayCheckoutSchema), tags, params: idParams } },
    async (req, reply) => {
      if (!req.member) throw new Unauthorized();
      reply.header('Cache-Control', 'no-store');
      return { code: 200, data: await payments.ecpayCheckout(db, settings, req.member.id, req.params.id, now()) };
    },
  );
}

/** Payment method 4 through a bank acquirer (decision 060): its signed form, and the acquirer's result. */
function bankcardRoutes(app: ModuleApp, { db, config, now }: ModuleOptions) {
  const bankcard = bankcardGateway(config);
  app.get(
    '/orders/:id/bankcard-checkout',
    { config: { access: 'member' }, schema: { response: replies(ecpayCheckoutSchema), tags, params: idParams } },
    async (req, reply) => {
      if (!req.member) throw new Unauthorized();
      reply.header('Cache-Control', 'no-store');
      return { code: 200, data: await bankcardCheckout(db, bankcard, req.member.id, req.params.id, now()) };
    },
  );
  app.post(
    '/bankcard/notify',
    { config: { access: 'provider' }, bodyLimit: CALLBACK_BODY_LIMIT, schema: { tags, hide: true } },
    async (req, reply) => {
      if (!bankcard) return reply.code(404).type('text/plain').send('ERROR');
      const answer = await receiveBankcardResult(db, bankcard, formFields(req.body), now(), req.log);
      return reply
        .code(answer.ok ? 200 : 400)
        .type('text/plain')
        .send(answer.body);
    },
  );
}

/** LINE Pay: the reservation, and the shopper's way back from LINE Pay. */
function linePayRoutes(app: ModuleApp, { db, config, now }: ModuleOptions) {
  const gateway = linePayGateway(config);
  app.post(
    '/orders/:id/linepay-request',
    {
      config: { access: 'member' },
      schema: { response: replies(linePayRequestAnswerSchema), tags, params: idParams },
    },
    async (req, reply) => {
      if (!req.member) throw new Unauthorized();
      reply.header('Cache-Control', 'no-store');
      const data = await linePay.requestLinePay(db, gateway, req.member.id, req.params.id, {
        phone: isPhone(req.headers['user-agent']),
        log: req.log,
      });
      return { code: 200, data };
    },
  );

  // LINE Pay sends the shopper's browser back here (confirmUrl / cancelUrl); the page of the order
  // then says what happened. No credential: the reservation's transaction id must match the order.
  const backToOrder = (orderId: number | null, result: string) =>
    orderId ? `/payment/result?order=${orderId}&linepay=${result}` : '/member/orders';
  app.get(
    '/linepay/confirm',
    { config: { access: 'provider' }, schema: { tags, hide: true, querystring: linePayReturnQuery } },
    async (req, reply) => {
      const outcome = await linePay.confirmLinePay(
        db,
        gateway,
        { orderId: req.query.order, transactionId: req.query.transactionId },
        now(),
        req.log,
      );
      return reply.header('Cache-Control', 'no-store').redirect(backToOrder(outcome.orderId, outcome.result), 303);
    },
  );
  app.get(
    '/linepay/cancel',
    { config: { access: 'provider' }, schema: { tags, hide: true, querystring: linePayReturnQuery } },
    async (req, reply) => {
      const outcome = await linePay.cancelLinePayReturn(db, {
        orderId: req.query.order,
        transactionId: req.query.transactionId,
      });
      return reply.header('Cache-Control', 'no-store').redirect(backToOrder(outcome.orderId, outcome.result), 303);
    },
  );
}

/** ECPay's notices (the result, the transfer account or code it gave) and the owner's virtual account. */
function ecpayNoticeRoutes(app: ModuleApp, { db, config, now }: ModuleOptions) {
  const settings = ecpaySettings(config);
  app.post(
    '/ecpay-payment/notify',
    { config: { access: 'provider' }, bodyLimit: CALLBACK_BODY_LIMIT, schema: { tags, hide: true } },
    async (req, reply) => {
      const answer = await payments.receivePaymentResult(db, settings, formFields(req.body), now(), req.log);
      return reply
        .code(answer.ok ? 200 : 400)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(answer.body);
    },
  );

  // ECPay posts a transfer account, a 超商代碼 or barcodes to the address the order's form named.
  for (const url of ['/ecpay-payment/info', '/ecpay-payment/payment-info']) {
    app.post(
      url,
      { config: { access: 'provider' }, bodyLimit: CALLBACK_BODY_LIMIT, schema: { tags, hide: true } },
      async (req, reply) => {
        const answer = await payments.receivePaymentInfo(db, settings, formFields(req.body), now(), req.log);
        return reply
          .code(answer.ok ? 200 : 400)
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(answer.body);
      },
    );
  }

  app.put(
    '/orders-virtual-account',
    {
      config: { access: 'owner' },
      schema: { response: replies(orderPaymentSchema), tags, body: orderVirtualAccountSchema },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { code: 200, data: await payments.setOrderVirtualAccount(db, currentStaff(req).id, req.body, now()) };
    },
  );
}
