import type { FastifyPluginAsync } from 'fastify';
import {
  articleCategorySchema,
  articleItemSchema,
  carouselSchema,
  indexAreaSchema,
  newsItemSchema,
  tagSchema,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema, pageSchema, sizeSchema } from '../../http/params.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as content from './content.service.ts';

const pageQuery = { page: pageSchema.optional(), size: sizeSchema.optional() };
const newsQuery = z.object(pageQuery);
const articleQuery = z.object({ category: idSchema.optional(), ...pageQuery });
/** A site section 1..7 (spec §2 SiteSection; 1 = home). */
const carouselQuery = z.object({
  position: z.coerce
    .number({ error: '位置格式錯誤' })
    .int({ error: '位置格式錯誤' })
    .min(1, { error: '位置格式錯誤' })
    .max(7, { error: '位置格式錯誤' })
    .optional(),
});

/** spec §7 content GETs: news, articles, categories, carousels, home areas, tags. Public. */
export const contentRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' as const } };
  const tags = ['content'];

  app.get(
    '/news',
    { ...pub, schema: { response: replies(z.array(newsItemSchema)), tags, querystring: newsQuery } },
    (req, reply) => cache.reply(req, reply, () => content.listNews(db, req.query)),
  );
  app.get(
    '/news/:id',
    { ...pub, schema: { response: replies(newsItemSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await content.getNews(db, req.params.id) })),
  );
  app.get(
    '/articles',
    { ...pub, schema: { response: replies(z.array(articleItemSchema)), tags, querystring: articleQuery } },
    (req, reply) => cache.reply(req, reply, () => content.listArticles(db, req.query.category, req.query)),
  );
  app.get(
    '/articles/:id',
    { ...pub, schema: { response: replies(articleItemSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await content.getArticle(db, req.params.id) })),
  );
  app.get(
    '/article-category',
    { ...pub, schema: { response: replies(z.array(articleCategorySchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await content.listArticleCategories(db) })),
  );
  app.get(
    '/carousels',
    { ...pub, schema: { response: replies(z.array(carouselSchema)), tags, querystring: carouselQuery } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await content.listCarousels(db, req.query.position) })),
  );
  app.get('/index-areas', { ...pub, schema: { response: replies(z.array(indexAreaSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await content.listIndexAreas(db, req.log) })),
  );
  app.get('/tags', { ...pub, schema: { response: replies(z.array(tagSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await content.listTags(db, req.log) })),
  );
};
