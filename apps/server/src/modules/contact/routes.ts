import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactUsSchema } from '@shop/domain';
import { created } from '../../http/replies.ts';
import { TooManyRequests } from '../../errors.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as contact from './contact.service.ts';

/** A contact form is sent by hand: 10 per 10 minutes per IP stops a script without bothering a person. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

/** spec §7 POST /contact-us with the §5 rules. Public (guest credential or member token); not cached. */
export const contactRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, shared }) => {
  // Only routes with `config.rateLimit` are limited; the counters are shared by the processes when
  // they share Redis (docs/decisions/063).
  await base.register(rateLimit, {
    global: false,
    store: shared.rateLimitStore,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => new TooManyRequests(),
  });
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/contact-us',
    {
      config: { access: 'public', rateLimit: CONTACT_RATE_LIMIT },
      schema: { tags: ['contact'], body: contactUsSchema, response: created(z.object({ id: z.number().int() })) },
    },
    async (req, reply) => {
      const data = await contact.submitContactMessage(db, req.body, req.ip);
      return reply.code(201).send({ code: 201, data });
    },
  );
};
