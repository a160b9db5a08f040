import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aboutPageCreateSchema,
  aboutPageUpdateSchema,
  adminAboutPageSchema,
  adminArticleCategorySchema,
  adminArticleSchema,
  adminCarouselSchema,
  adminCommonQuestionSchema,
  adminIndexAreaSchema,
  adminNewsSchema,
  adminSpecialAreaSchema,
  adminTermsTextSchema,
  adminListQuery,
  articleCategoryInputSchema,
  articleCategoryUpdateSchema,
  articleCreateSchema,
  articleUpdateSchema,
  brandPositionSchema,
  carouselCreateSchema,
  carouselUpdateSchema,
  commonQuestionCreateSchema,
  commonQuestionUpdateSchema,
  indexAreaCreateSchema,
  indexAreaUpdateSchema,
  newsCreateSchema,
  newsUpdateSchema,
  specialAreaCreateSchema,
  specialAreaUpdateSchema,
  termsTextInputSchema,
} from '@shop/domain';
import { idSchema } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { registerRecordRoutes, currentStaff, noStore } from '../admin/index.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import {
  aboutPageService,
  articleCategoryService,
  articleService,
  carouselService,
  commonQuestionService,
  indexAreaService,
  newsService,
  specialAreaService,
} from './content-records.service.ts';
import * as terms from './terms-texts.service.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const smallNumber = (max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: '選項不正確' })
      .int()
      .min(1, { error: '選項不正確' })
      .max(max, { error: '選項不正確' })
      .optional(),
  );

const articleListQuery = adminListQuery.extend({ category_id: z.preprocess(blank, idSchema.optional()) });
const carouselListQuery = adminListQuery.extend({ position: smallNumber(7) });
const aboutListQuery = adminListQuery.extend({ section: smallNumber(7) });
const positionParams = z.object({ position: brandPositionSchema });

/** The content the shop owner edits (issue 7 item 3), for staff and owner. */
export const adminContentRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  newsAndArticleRoutes(base, options);
  pageRecordRoutes(base, options);
  termsTextRoutes(base.withTypeProvider<ZodTypeProvider>(), options);
};

const tags = ['admin-content'];

/** What every record's routes share: staff only, and a write clears the public answers. */
function recordCommon({ db, now, cache }: ModuleOptions) {
  return { db, now, access: 'staff' as const, onChange: () => cache.clear(), tags };
}

/** News, articles and their categories. */
function newsAndArticleRoutes(base: FastifyInstance, options: ModuleOptions) {
  const common = recordCommon(options);
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/news',
    record: adminNewsSchema,
    listQuery: adminListQuery,
    createSchema: newsCreateSchema,
    updateSchema: newsUpdateSchema,
    service: newsService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/article-categories',
    record: adminArticleCategorySchema,
    listQuery: adminListQuery,
    createSchema: articleCategoryInputSchema,
    updateSchema: articleCategoryUpdateSchema,
    service: articleCategoryService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/articles',
    record: adminArticleSchema,
    listQuery: articleListQuery,
    createSchema: articleCreateSchema,
    updateSchema: articleUpdateSchema,
    service: articleService,
  });
}

/** The home page's carousels and areas, the common questions and the about pages. */
function pageRecordRoutes(base: FastifyInstance, options: ModuleOptions) {
  const common = recordCommon(options);
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/carousels',
    record: adminCarouselSchema,
    listQuery: carouselListQuery,
    createSchema: carouselCreateSchema,
    updateSchema: carouselUpdateSchema,
    service: carouselService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/index-areas',
    record: adminIndexAreaSchema,
    listQuery: adminListQuery,
    createSchema: indexAreaCreateSchema,
    updateSchema: indexAreaUpdateSchema,
    service: indexAreaService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/special-areas',
    record: adminSpecialAreaSchema,
    listQuery: adminListQuery,
    createSchema: specialAreaCreateSchema,
    updateSchema: specialAreaUpdateSchema,
    service: specialAreaService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/common-questions',
    record: adminCommonQuestionSchema,
    listQuery: adminListQuery,
    createSchema: commonQuestionCreateSchema,
    updateSchema: commonQuestionUpdateSchema,
    service: commonQuestionService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/about-pages',
    record: adminAboutPageSchema,
    listQuery: aboutListQuery,
    createSchema: aboutPageCreateSchema,
    updateSchema: aboutPageUpdateSchema,
    service: aboutPageService,
  });
}

/** The terms texts (條款) the checkout and the registration show. */
function termsTextRoutes(app: ModuleApp, { db, now, cache }: ModuleOptions) {
  const staff = { config: { access: 'staff' as const } };
  app.get(
    '/admin/terms-texts',
    { ...staff, schema: { tags, response: replies(z.array(adminTermsTextSchema)) } },
    async (_req, reply) => noStore(reply).send({ code: 200, data: await terms.listTermsTexts(db) }),
  );
  app.get(
    '/admin/terms-texts/:position',
    { ...staff, schema: { tags, params: positionParams, response: replies(adminTermsTextSchema) } },
    async (req, reply) => noStore(reply).send({ code: 200, data: await terms.getTermsText(db, req.params.position) }),
  );
  app.put(
    '/admin/terms-texts/:position',
    {
      ...staff,
      schema: {
        tags,
        params: positionParams,
        body: termsTextInputSchema,
        response: replies(adminTermsTextSchema),
      },
    },
    async (req, reply) => {
      const data = await terms.saveTermsText(db, currentStaff(req), req.params.position, req.body, now());
      cache.clear();
      return noStore(reply).send({ code: 200, data });
    },
  );
}
