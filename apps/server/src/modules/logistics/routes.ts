import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeChainsSchema, storeMapFormSchema, storeMapQuerySchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { ModuleOptions } from '../module-options.ts';
import { acceptFormBodies, formFields, sendHtml } from './html-reply.ts';
import { NOTIFICATION_ACK } from './ecpay-logistics.ts';
import { acceptStatusNotice } from './shipments.service.ts';
import { replyRefusedPage } from './simulator-page.ts';
import {
  acceptMapReply,
  CHECKOUT_PATH,
  checkoutWithStore,
  logisticsSettings,
  storeChains,
  storeMapForm,
} from './store-map.service.ts';

/** The map's reply is a few hundred bytes; anything much larger is not from the map. */
const REPLY_BODY_LIMIT = 16 * 1024;

/**
 * Logistics API (issue 17 item 1): what the checkout offers, the form that opens the store map, and
 * the map's reply (ServerReplyURL), which sends the shopper back to the checkout with the store.
 */
export const logisticsRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  acceptFormBodies(base);
  const settings = logisticsSettings(config);
  const tags = ['logistics'];

  app.get(
    '/logistics/store-chains',
    { config: { access: 'public' }, schema: { response: replies(storeChainsSchema), tags } },
    async () => ({ code: 200, data: storeChains(settings) }),
  );

  app.get(
    '/logistics/store-map',
    {
      config: { access: 'member' },
      schema: { response: replies(storeMapFormSchema), tags, querystring: storeMapQuerySchema },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { chain, collect, device } = req.query;
      const request = { chain, collect: collect === 'Y', phone: device === '1' };
      return { code: 200, data: await storeMapForm(db, settings, req.member!.id, request, now()) };
    },
  );

  // The map posts here through the shopper's browser (no credential, and no cookie on ECPay's
  // cross-site post: the reply must bring back a ticket the shop signed and recorded for a member),
  // and the browser goes on to the checkout with the store signed again.
  app.post(
    '/logistics/map-reply',
    { config: { access: 'provider' }, bodyLimit: REPLY_BODY_LIMIT, schema: { tags, hide: true } },
    async (req, reply) => {
      const outcome = await acceptMapReply(db, settings, formFields(req.body), now());
      if (!outcome.ok) {
        req.log.warn({ reason: outcome.message }, 'store map reply refused');
        return sendHtml(reply, 400, (nonce) => replyRefusedPage(nonce, outcome.message, CHECKOUT_PATH));
      }
      return reply.header('Cache-Control', 'no-store').redirect(checkoutWithStore(outcome.token), 303);
    },
  );

  // ServerReplyURL of every shipment (issue 17 item 3): ECPay posts each status change here, signed
  // with the merchant's MD5 CheckMacValue, and sends it again until it reads 1|OK. A notice that is not
  // signed by the shop's merchant changes nothing and is answered 0| (ECPay never sends one).
  app.post(
    '/logistics/status',
    { config: { access: 'provider' }, bodyLimit: REPLY_BODY_LIMIT, schema: { tags, hide: true } },
    async (req, reply) => {
      const outcome = await acceptStatusNotice(db, config, formFields(req.body), now());
      reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
      if (outcome === 'forged') {
        req.log.warn('logistics status notice refused: CheckMacValue or merchant');
        return reply.code(400).send('0|CheckMacValue Error');
      }
      if (outcome === 'unknown') req.log.warn('logistics status notice of a shipment this shop does not know');
      return reply.send(NOTIFICATION_ACK);
    },
  );
};
