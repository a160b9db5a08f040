// The member centre's LINE calls, the pending LINE account of the link-or-sign-up page, and the
// official account's webhook (issue 41). Answers are personal: `Cache-Control: no-store`.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lineOptionsSchema, linePendingSchema, lineMsg, memberLineChoiceSchema, memberLineSchema } from '@shop/domain';
import { Invalid, NotFound, Unauthorized } from '../../errors.ts';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';
import { idParams } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { assertSelf } from '../../plugins/access.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as account from './line-account.service.ts';
import { sweep } from './line-accounts.repository.ts';
import { lineGateway } from './line-gateway.ts';
import { PENDING_COOKIE, readPending } from './line-login.service.ts';
import { recordWebhookEvents, signatureMatches, webhookBodySchema } from './line-webhook.service.ts';

export const lineRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const { db, config, now } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['line'];
  const member = { access: 'member' as const };
  const deps = { db, config, now, log: base.log };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  scheduleHousekeeping(base, 'LINE records sweep', () => sweep(db, now()));

  app.get(
    '/line/options',
    { config: { access: 'public' }, schema: { tags, response: replies(lineOptionsSchema) } },
    async () => ({
      code: 200,
      data: {
        login_available: config.LINE_LOGIN_MODE !== 'off',
        messaging_available: config.LINE_MESSAGING_MODE !== 'off',
      },
    }),
  );
  app.get(
    '/line/pending',
    { config: { access: 'exempt' }, schema: { tags, response: replies(linePendingSchema) } },
    async (req) => {
      const pending = readPending(config, req.cookies[PENDING_COOKIE], now());
      if (!pending) throw new NotFound(lineMsg.pendingMissing);
      return { code: 200, data: { display_name: pending.name } };
    },
  );
  app.get(
    '/members/:id/line',
    { config: member, schema: { tags, params: idParams, response: replies(memberLineSchema) } },
    async (req) => ({ code: 200, data: await account.memberLine(db, config, assertSelf(req, req.params.id)) }),
  );
  app.post(
    '/members/:id/line',
    { config: member, schema: { tags, params: idParams, response: replies(memberLineSchema) } },
    async (req, reply) => {
      const data = await account.linkPending(deps, assertSelf(req, req.params.id), req.cookies[PENDING_COOKIE]);
      reply.clearCookie(PENDING_COOKIE, { path: '/' });
      return { code: 200, msg: lineMsg.linked, data };
    },
  );
  app.put(
    '/members/:id/line',
    {
      config: member,
      schema: { tags, params: idParams, body: memberLineChoiceSchema, response: replies(memberLineSchema) },
    },
    async (req) => ({
      code: 200,
      msg: lineMsg.choiceSaved,
      data: await account.chooseChannel(db, config, assertSelf(req, req.params.id), req.body, now()),
    }),
  );
  app.delete(
    '/members/:id/line',
    { config: member, schema: { tags, params: idParams, response: replies(memberLineSchema) } },
    async (req) => ({
      code: 200,
      msg: lineMsg.unlinked,
      data: await account.unlink(db, config, assertSelf(req, req.params.id)),
    }),
  );

  await base.register(lineWebhookRoutes, options);
};

/** The official account's webhook, in a scope of its own: the body stays the bytes LINE signed. */
const lineWebhookRoutes: FastifyPluginAsync<ModuleOptions> = async (hook, { db, config, now }) => {
  hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const messaging = lineGateway(config).messaging;
  hook.withTypeProvider<ZodTypeProvider>().post(
    '/line/webhook',
    {
      config: { access: 'provider' },
      schema: { tags: ['line'], response: replies(z.object({ taken: z.number() })) },
    },
    async (req) => {
      if (!messaging) throw new NotFound(lineMsg.messagingOff);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['x-line-signature'];
      if (!signatureMatches(messaging.channelSecret, raw, typeof signature === 'string' ? signature : undefined)) {
        throw new Unauthorized(lineMsg.badSignature);
      }
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        // stays null: refused below like any body that is not LINE's
      }
      const body = webhookBodySchema.safeParse(parsed);
      if (!body.success) throw new Invalid(lineMsg.badWebhookBody);
      return { code: 200, data: { taken: await recordWebhookEvents(db, body.data, now()) } };
    },
  );
};
