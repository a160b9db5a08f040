import type { FastifyPluginAsync } from 'fastify';
import {
  aboutPageSchema,
  commonQuestionSchema,
  fileServerInfoSchema,
  followUsSchema,
  paymentSettingSchema,
  specialAreaSchema,
  systemSettingsSchema,
  termsTextSchema,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema } from '../../http/params.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as settings from './settings.service.ts';

const keyParams = z.object({ key: idSchema });
const positionParams = z.object({ position: idSchema });
const aboutQuery = z.object({ section: idSchema.optional() });

/** spec §7 Settings/other GETs, plus the terms, common questions and about pages the storefront shows. Public. */
export const settingsRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' as const } };
  const tags = ['settings'];

  app.get(
    '/system-setting/:key',
    { ...pub, schema: { response: replies(systemSettingsSchema), tags, params: keyParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await settings.getSystemSettings(db, req.params.key) })),
  );
  app.get(
    '/payment-setting/:id',
    { ...pub, schema: { response: replies(paymentSettingSchema), tags, params: idParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await settings.getPaymentSetting(db, req.params.id) })),
  );
  app.get(
    '/follow-us/:id',
    { ...pub, schema: { response: replies(followUsSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await settings.getFollowUs(db, req.params.id) })),
  );
  app.get('/special-area', { ...pub, schema: { response: replies(z.array(specialAreaSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await settings.listSpecialAreas(db) })),
  );
  app.get(
    '/file-server-info/:id',
    { ...pub, schema: { response: replies(fileServerInfoSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: settings.getFileServerInfo(config, req.params.id) })),
  );

  app.get('/terms-texts', { ...pub, schema: { response: replies(z.array(termsTextSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await settings.listTermsTexts(db) })),
  );
  app.get(
    '/terms-texts-by-position/:position',
    { ...pub, schema: { response: replies(termsTextSchema), tags, params: positionParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await settings.getTermsText(db, req.params.position) })),
  );
  app.get(
    '/common-questions',
    { ...pub, schema: { response: replies(z.array(commonQuestionSchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await settings.listCommonQuestions(db) })),
  );
  app.get(
    '/about',
    { ...pub, schema: { response: replies(z.array(aboutPageSchema)), tags, querystring: aboutQuery } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await settings.listAboutPages(db, req.query.section) })),
  );
  app.get(
    '/about/:id',
    { ...pub, schema: { response: replies(aboutPageSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await settings.getAboutPage(db, req.params.id) })),
  );
};
