import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBundleSchema,
  adminCourseSchema,
  adminCourseTypeSchema,
  adminListQuery,
  adminPackageSchema,
  adminPackageTypeSchema,
  adminProductSchema,
  adminProductTypeSchema,
  adminTagSchema,
  bundleCreateSchema,
  bundleUpdateSchema,
  courseCreateSchema,
  courseTypeInputSchema,
  courseTypeUpdateSchema,
  courseUpdateSchema,
  packageCreateSchema,
  packageTypeInputSchema,
  packageTypeUpdateSchema,
  packageUpdateSchema,
  pickerOptionSchema,
  productCreateSchema,
  productTypeInputSchema,
  productTypeUpdateSchema,
  productUpdateSchema,
  tagInputSchema,
  tagUpdateSchema,
} from '@shop/domain';
import { idListSchema, idSchema } from '../../http/params.ts';
import { replies } from '../../http/replies.ts';
import { registerRecordRoutes, type RecordService, noStore } from '../admin/index.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import { bundleService } from './bundle-admin.service.ts';
import {
  courseService,
  courseTypeService,
  packageService,
  packageTypeService,
  productTypeService,
  tagService,
} from './catalogue-records.service.ts';
import { articleOptions, productOptions } from './picker-options.service.ts';
import * as productsAdmin from './product-admin.service.ts';
import { enqueueLowStockAlert } from './low-stock.ts';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';

/** How often the shop looks for specs that ran low; the email itself goes once a Taiwan day. */
const LOW_STOCK_SWEEP_MS = 3_600_000;

/** A GET form sends `?type_id=` for "all": blank is no filter. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

const productListQuery = adminListQuery.extend({
  type_id: optionalId,
  tag_type: z.preprocess(
    blank,
    z.coerce.number({ error: '標籤不正確' }).int().min(0).max(3, { error: '標籤不正確' }).optional(),
  ),
  celebrity: z.preprocess(blank, z.enum(['0', '1'], { error: '選項不正確' }).optional()),
  stock: z.preprocess(blank, z.enum(['low'], { error: '選項不正確' }).optional()),
});
const productTypeListQuery = adminListQuery.extend({
  parent_id: z.preprocess(blank, z.coerce.number({ error: '編號格式錯誤' }).int().min(0).max(2_147_483_647).optional()),
});
const packageListQuery = adminListQuery.extend({ package_type_id: optionalId });
const courseListQuery = adminListQuery.extend({ course_type_id: optionalId });
const pickerQuery = z.object({
  q: z.string().trim().max(50, { error: '最多 50 字' }).optional(),
  ids: idListSchema.optional(),
});

/** Products are more than one row: their service is written out; the routes follow the common shape. */
const productService: RecordService<
  z.infer<typeof productListQuery>,
  z.infer<typeof productCreateSchema>,
  z.infer<typeof productUpdateSchema>
> = {
  list: productsAdmin.listProducts,
  get: productsAdmin.getProduct,
  create: productsAdmin.createProduct,
  update: productsAdmin.updateProduct,
  setStatus: productsAdmin.setProductStatus,
  remove: productsAdmin.deleteProduct,
};

/**
 * The catalogue in the back office (issue 7 item 2), for staff and owner. Bundles, courses and
 * course types are written through the paths of spec §7; every list is read under /admin.
 */
export const adminCatalogueRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const { db, now } = options;
  // 庫存不足 (issue 42): the owner's daily email, through the outbox.
  scheduleHousekeeping(base, 'low stock alert', () => enqueueLowStockAlert(db, now()), LOW_STOCK_SWEEP_MS);
  productRecordRoutes(base, options);
  courseAndTagRecordRoutes(base, options);
  pickerOptionRoutes(base.withTypeProvider<ZodTypeProvider>(), options);
};

/** What every record's routes share: staff only, and a write clears the public answers. */
function recordCommon({ db, now, cache }: ModuleOptions) {
  return { db, now, access: 'staff' as const, onChange: () => cache.clear() };
}

/** Products, their types, packages and bundles. */
function productRecordRoutes(base: FastifyInstance, options: ModuleOptions) {
  const common = recordCommon(options);
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/products',
    record: adminProductSchema,
    tags: ['admin-catalogue'],
    listQuery: productListQuery,
    createSchema: productCreateSchema,
    updateSchema: productUpdateSchema,
    service: productService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/product-types',
    record: adminProductTypeSchema,
    tags: ['admin-catalogue'],
    listQuery: productTypeListQuery,
    createSchema: productTypeInputSchema,
    updateSchema: productTypeUpdateSchema,
    service: productTypeService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/package-types',
    record: adminPackageTypeSchema,
    tags: ['admin-catalogue'],
    listQuery: adminListQuery,
    createSchema: packageTypeInputSchema,
    updateSchema: packageTypeUpdateSchema,
    service: packageTypeService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/product-packages',
    record: adminPackageSchema,
    tags: ['admin-catalogue'],
    listQuery: packageListQuery,
    createSchema: packageCreateSchema,
    updateSchema: packageUpdateSchema,
    service: packageService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/product-bundles',
    record: adminBundleSchema,
    writePath: '/product-bundles',
    tags: ['admin-catalogue'],
    listQuery: adminListQuery,
    createSchema: bundleCreateSchema,
    updateSchema: bundleUpdateSchema,
    service: bundleService,
  });
}

/** Courses, their types, and the tags products and articles carry. */
function courseAndTagRecordRoutes(base: FastifyInstance, options: ModuleOptions) {
  const common = recordCommon(options);
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/course-types',
    record: adminCourseTypeSchema,
    writePath: '/course-types',
    tags: ['admin-catalogue'],
    listQuery: adminListQuery,
    createSchema: courseTypeInputSchema,
    updateSchema: courseTypeUpdateSchema,
    service: courseTypeService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/courses',
    record: adminCourseSchema,
    writePath: '/courses',
    tags: ['admin-catalogue'],
    listQuery: courseListQuery,
    createSchema: courseCreateSchema,
    updateSchema: courseUpdateSchema,
    service: courseService,
  });
  registerRecordRoutes(base, {
    ...common,
    path: '/admin/tags',
    record: adminTagSchema,
    tags: ['admin-catalogue'],
    listQuery: adminListQuery,
    createSchema: tagInputSchema,
    updateSchema: tagUpdateSchema,
    service: tagService,
  });
}

/** The pickers of the back office's forms (a bundle's products, a page's articles). */
function pickerOptionRoutes(app: ModuleApp, { db }: ModuleOptions) {
  const staff = { config: { access: 'staff' as const } };
  app.get(
    '/admin/options/products',
    {
      ...staff,
      schema: { tags: ['admin-catalogue'], querystring: pickerQuery, response: replies(z.array(pickerOptionSchema)) },
    },
    async (req, reply) => noStore(reply).send({ code: 200, data: await productOptions(db, req.query) }),
  );
  app.get(
    '/admin/options/articles',
    {
      ...staff,
      schema: { tags: ['admin-catalogue'], querystring: pickerQuery, response: replies(z.array(pickerOptionSchema)) },
    },
    async (req, reply) => noStore(reply).send({ code: 200, data: await articleOptions(db, req.query) }),
  );
}
