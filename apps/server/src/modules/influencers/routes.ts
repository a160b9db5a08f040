import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CELEBRITY_CODE_PATTERN, influencerRelationSchema, influencerSchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { pageSchema, sizeSchema } from '../../http/params.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as influencers from './influencer.service.ts';

const codeParams = z.object({
  code: z.string().trim().regex(CELEBRITY_CODE_PATTERN, { error: '推薦碼格式錯誤' }),
});
const pageQuery = z.object({ page: pageSchema.optional(), size: sizeSchema.optional() });

/** spec §7: the two public calls behind /coop/{code}. Cached like the catalogue (answers change rarely). */
export const influencerRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' as const } };
  const tags = ['influencers'];

  app.get(
    '/members-by-internet-celebrity-code/:code',
    { ...pub, schema: { response: replies(influencerSchema), tags, params: codeParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await influencers.getInfluencerByCode(db, req.params.code) })),
  );
  app.get(
    '/member-product-relation-by-internet-celebrity-code/:code',
    {
      ...pub,
      schema: {
        response: replies(z.array(influencerRelationSchema)),
        tags,
        params: codeParams,
        querystring: pageQuery,
      },
    },
    (req, reply) =>
      cache.reply(req, reply, () => influencers.listRelationsByCode(db, req.params.code, req.query, now())),
  );
};
