// The storefront's public reads for the server render (issue 15 item 4): the loaders ask the services
// in-process, not through HTTP to this same process. The answers are the public GETs' records (spec
// §7), kept in the response cache's value memo and dropped with it when the back office changes data.
import type { FastifyBaseLogger } from 'fastify';
import type {
  ArticleCategory,
  BundleDetail,
  Carousel,
  IndexArea,
  ListPage,
  PackageDetail,
  PackageType,
  Product,
  ProductBundle,
  ProductDetail,
  ProductType,
  SpecialArea,
  StorefrontReads,
  Tag,
  Article,
  InfluencerRelation,
} from '@shop/domain';
import type { Db } from '../db/client.ts';
import { NotFound } from '../errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import * as catalogue from '../modules/catalogue/catalogue.service.ts';
import * as content from '../modules/content/content.service.ts';
import * as influencers from '../modules/influencers/influencer.service.ts';
import * as settings from '../modules/settings/settings.service.ts';

export interface StorefrontReadsOptions {
  db: Db;
  now: () => Date;
  cache: ResponseCache;
  log: FastifyBaseLogger;
}

/**
 * A domain type with its enum fields widened to their base type, as the tables' columns give them:
 * the services' records must have the API's shape in everything else, which the compiler checks.
 */
type Wire<T> = T extends number
  ? number
  : T extends string
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

const asApi = <T>(record: Wire<T>): T => record as T;

/** The services' 404 is the pages' "does not exist". */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export function createStorefrontReads({ db, now, cache, log }: StorefrontReadsOptions): StorefrontReads {
  const kept = <T>(key: string, read: () => Promise<T>) => cache.remember(`reads:${key}`, read);
  return {
    systemSettings: () => kept('system-settings', () => settings.getSystemSettings(db, 1)),
    followUs: () => kept('follow-us', () => settings.getFollowUs(db, 1)),
    specialAreas: () => kept('special-areas', async () => asApi<SpecialArea[]>(await settings.listSpecialAreas(db))),
    productTypes: () => kept('product-types', async () => asApi<ProductType[]>(await catalogue.listProductTypes(db))),
    packageTypes: () => kept('package-types', async () => asApi<PackageType[]>(await catalogue.listPackageTypes(db))),
    bundles: () => kept('bundles', async () => asApi<ProductBundle[]>(await catalogue.listBundles(db))),
    bundle: (id) =>
      kept(`bundle:${id}`, async () => asApi<BundleDetail | null>(await orNull(catalogue.getBundle(db, id)))),
    articleCategories: () =>
      kept('article-categories', async () => asApi<ArticleCategory[]>(await content.listArticleCategories(db))),
    articles: () => kept('articles', async () => asApi<Article[]>((await content.listArticles(db)).data)),
    tags: () => kept('tags', async () => asApi<Tag[]>(await content.listTags(db, log))),
    carousels: (position) =>
      kept(`carousels:${position ?? ''}`, async () => asApi<Carousel[]>(await content.listCarousels(db, position))),
    indexAreas: () => kept('index-areas', async () => asApi<IndexArea[]>(await content.listIndexAreas(db, log))),
    products: (q) =>
      kept(`products:${JSON.stringify(q)}`, async () => {
        const { data, total } = await catalogue.listProducts(db, q, now());
        return asApi<ListPage<Product>>({ items: data, total: total ?? data.length });
      }),
    product: (id) =>
      kept(`product:${id}`, async () => asApi<ProductDetail | null>(await orNull(catalogue.getProduct(db, id, now())))),
    packages: (typeName) =>
      kept(`packages:${typeName ?? ''}`, async () =>
        asApi<PackageDetail[]>(await catalogue.listPackages(db, typeName)),
      ),
    package: (id) =>
      kept(`package:${id}`, async () => asApi<PackageDetail | null>(await orNull(catalogue.getPackage(db, id)))),
    influencer: (code) => kept(`influencer:${code}`, () => orNull(influencers.getInfluencerByCode(db, code))),
    influencerRelations: (code) =>
      kept(`influencer-relations:${code}`, async () =>
        asApi<InfluencerRelation[]>((await influencers.listRelationsByCode(db, code, {}, now())).data),
      ),
  };
}
