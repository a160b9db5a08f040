import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bundleDetailSchema,
  catalogueSitemapSchema,
  packageDetailSchema,
  packageTypeSchema,
  productDetailSchema,
  productTypeSchema,
  searchKeywordSchema,
  searchResultSchema,
} from '@shop/domain';
import { replies } from '../../http/replies.ts';
import { idListSchema, idParams, idSchema, pageSchema, sizeSchema } from '../../http/params.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as catalogue from './catalogue.service.ts';
import { jsonArray } from './catalogue-snapshot.ts';
import { SearchIndex } from './search-index.ts';
import { loadSearchSnapshot } from './search.repository.ts';
import { RecordCache } from './record-cache.ts';
import { searchCatalogue, type SearchMemory } from './search.service.ts';
import type { PackageJson } from './catalogue.service.ts';

const products = z.array(productDetailSchema);

const productListQuery = z.object({
  ids: idListSchema.optional(),
  type: idSchema.optional(),
  bundle: idSchema.optional(),
  page: pageSchema.optional(),
  size: sizeSchema.optional(),
});

/** spec §5 search; `page` / `size` as the product list (12 per page by default, spec §9). */
const searchQuery = z.object({
  keyword: searchKeywordSchema,
  page: pageSchema.optional(),
  size: sizeSchema.optional(),
});

const nameParams = z.object({ name: z.string().trim().min(1).max(100) });

/** spec §7 Catalogue GETs. Public: guests through /api/v1/guest with the Basic credential, members with a token. */
export const catalogueRoutes: FastifyPluginAsync<ModuleOptions> = async (base, options) => {
  const { db, cache, catalogue: kept } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();
  // spec §5 search matches in memory (docs/decisions/016); a back-office change rebuilds it.
  const search: SearchMemory = {
    index: new SearchIndex(() => loadSearchSnapshot(db)),
    catalogue: kept,
    packages: new RecordCache<PackageJson>(),
  };
  cache.onClear(() => {
    search.index.invalidate();
    search.packages.clear();
  });
  productRoutes(app, options, search);
  productTypeRoutes(app, options);
  packageAndBundleRoutes(app, options);
};

const pub = { config: { access: 'public' as const } };
const tags = ['catalogue'];

/** Products (the list and detail from the kept catalogue), the sitemap's list and the search. */
function productRoutes(app: ModuleApp, { db, now, cache, catalogue: kept }: ModuleOptions, search: SearchMemory) {
  app.get(
    '/products',
    { ...pub, schema: { response: replies(products), tags, querystring: productListQuery } },
    (req, reply) =>
      cache.replyJson(req, reply, async () => {
        const { items, total } = await catalogue.listProducts(kept, req.query, now());
        return { json: jsonArray(items), total };
      }),
  );
  app.get(
    '/products/:id',
    { ...pub, schema: { response: replies(productDetailSchema), tags, params: idParams } },
    (req, reply) =>
      cache.replyJson(req, reply, async () => ({
        json: (await catalogue.getProduct(kept, db, req.params.id, now())).json,
      })),
  );
  app.get(
    '/products-preview/:id',
    { config: { access: 'staff' }, schema: { response: replies(productDetailSchema), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await catalogue.previewProduct(db, req.params.id),
    }),
  );
  app.get(
    '/products-by-user/:id',
    { ...pub, schema: { response: replies(products), tags, params: idParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await catalogue.productsByInfluencer(db, req.params.id, now()) })),
  );

  app.get('/catalogue-sitemap', { ...pub, schema: { response: replies(catalogueSitemapSchema), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await catalogue.catalogueSitemap(db, now()) })),
  );

  // Cached like the lists: a keyword's answer is the same for everybody (docs/decisions/005).
  app.get(
    '/search',
    { ...pub, schema: { response: replies(z.array(searchResultSchema)), tags, querystring: searchQuery } },
    (req, reply) => cache.reply(req, reply, () => searchCatalogue(db, search, req.query, now())),
  );
}

/** The product types (categories) and their tree. */
function productTypeRoutes(app: ModuleApp, { db, cache }: ModuleOptions) {
  app.get('/product-types', { ...pub, schema: { response: replies(z.array(productTypeSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await catalogue.listProductTypes(db) })),
  );
  app.get(
    '/product-types/:id',
    { ...pub, schema: { response: replies(productTypeSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.getProductType(db, req.params.id) })),
  );
  app.get(
    '/product-types-by-parent/:id',
    { ...pub, schema: { response: replies(z.array(productTypeSchema)), tags, params: idParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await catalogue.productTypesByParent(db, req.params.id) })),
  );
}

/** Packages (套組), their types, and bundles (組合優惠). */
function packageAndBundleRoutes(app: ModuleApp, { db, now, cache }: ModuleOptions) {
  app.get(
    '/product-package',
    { ...pub, schema: { response: replies(z.array(packageDetailSchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.listPackages(db) })),
  );
  app.get(
    '/product-package/:id',
    { ...pub, schema: { response: replies(packageDetailSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.getPackage(db, req.params.id) })),
  );
  app.get(
    '/product-package-by-name/:name',
    { ...pub, schema: { response: replies(z.array(packageDetailSchema)), tags, params: nameParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.listPackages(db, req.params.name) })),
  );
  app.get(
    '/product-package-types',
    { ...pub, schema: { response: replies(z.array(packageTypeSchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.listPackageTypes(db) })),
  );

  app.get(
    '/product-bundles',
    { ...pub, schema: { response: replies(z.array(bundleDetailSchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.listBundles(db) })),
  );
  app.get(
    '/product-bundles-in-activity',
    { ...pub, schema: { response: replies(z.array(bundleDetailSchema)), tags } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.listBundlesInActivity(db, now()) })),
  );
  app.get(
    '/product-bundles/:id',
    { ...pub, schema: { response: replies(bundleDetailSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await catalogue.getBundle(db, req.params.id) })),
  );
}
