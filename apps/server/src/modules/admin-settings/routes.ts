import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBonusSettingsSchema,
  adminFollowUsSettingsSchema,
  adminPaymentSettingsSchema,
  adminSettingsSchema,
  adminShippingSettingsSchema,
  adminSiteSettingsSchema,
  bonusSettingsSchema,
  followUsSettingsSchema,
  paymentSettingsSchema,
  reminderSettingsAnswerSchema,
  reminderSettingsSchema,
  shippingSettingsSchema,
  siteSettingsSchema,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { currentStaff, noStore } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as settings from './admin-settings.service.ts';

/** Shop settings (issue 7 item 4): the owner only (docs/decisions/010). */
export const adminSettingsRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const owner = { config: { access: 'owner' as const } };
  const tags = ['admin-settings'];
  const saved = (reply: Parameters<typeof noStore>[0], data: unknown) => {
    // The header, footer, checkout and every cached page read these.
    cache.clear();
    return noStore(reply).send({ code: 200, data });
  };

  app.get(
    '/admin/settings',
    { ...owner, schema: { tags, response: replies(adminSettingsSchema) } },
    async (_req, reply) => noStore(reply).send({ code: 200, data: await settings.getSettings(db) }),
  );
  app.put(
    '/admin/settings/site',
    { ...owner, schema: { tags, body: siteSettingsSchema, response: replies(adminSiteSettingsSchema) } },
    async (req, reply) => saved(reply, await settings.saveSite(db, currentStaff(req), req.body, now())),
  );
  app.put(
    '/admin/settings/shipping',
    { ...owner, schema: { tags, body: shippingSettingsSchema, response: replies(adminShippingSettingsSchema) } },
    async (req, reply) => saved(reply, await settings.saveShipping(db, currentStaff(req), req.body, now())),
  );
  app.put(
    '/admin/settings/follow-us',
    { ...owner, schema: { tags, body: followUsSettingsSchema, response: replies(adminFollowUsSettingsSchema) } },
    async (req, reply) => saved(reply, await settings.saveFollowUs(db, currentStaff(req), req.body)),
  );
  app.put(
    '/admin/settings/bonus',
    { ...owner, schema: { tags, body: bonusSettingsSchema, response: replies(adminBonusSettingsSchema) } },
    async (req, reply) => saved(reply, await settings.saveBonus(db, currentStaff(req), req.body, now())),
  );
  app.put(
    '/admin/settings/reminders',
    { ...owner, schema: { tags, body: reminderSettingsSchema, response: replies(reminderSettingsAnswerSchema) } },
    async (req, reply) => saved(reply, await settings.saveReminders(db, currentStaff(req), req.body)),
  );

  app.put(
    '/admin/settings/payment',
    { ...owner, schema: { tags, body: paymentSettingsSchema, response: replies(adminPaymentSettingsSchema) } },
    async (req, reply) => saved(reply, await settings.savePayment(db, currentStaff(req), req.body)),
  );
};
