// The storefront's public reads for the server render (issue 15 item 4): the loaders ask the services
// in-process, not through HTTP to this same process. The answers are the public GETs' records (spec
// §7), kept in the response cache's value memo and dropped with it when the back office changes data.
import type { Wire } from '../http/replies.ts';
import type { FastifyBaseLogger } from 'fastify';
import { CELEBRITY_CODE_PATTERN, REVIEWS_ON_PRODUCT_PAGE } from '@shop/domain';
import type {
  ArticleCategory,
  BundleDetail,
  Carousel,
  Course,
  CourseType,
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
  AboutPage,
  ArticleItem,
  CommonQuestion,
  InfluencerRelation,
  NewsItem,
  TermsText,
} from '@shop/domain';
import type { Db } from '../db/client.ts';
import { NotFound } from '../errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import * as catalogue from '../modules/catalogue/catalogue.service.ts';
import type { KeptCatalogue } from '../modules/catalogue/index.ts';
import * as content from '../modules/content/content.service.ts';
import * as courses from '../modules/courses/course.service.ts';
import * as influencers from '../modules/influencers/influencer.service.ts';
import * as reviews from '../modules/reviews/reviews.service.ts';
import * as settings from '../modules/settings/settings.service.ts';

export interface StorefrontReadsOptions {
  db: Db;
  now: () => Date;
  cache: ResponseCache;
  catalogue: KeptCatalogue;
  log: FastifyBaseLogger;
}

const asApi = <T>(record: Wire<T>): T => record as T;

const validCode = (code: string) => CELEBRITY_CODE_PATTERN.test(code);

/** A service's paged answer as a page of records. */
function listPage<T>({ data, total }: { data: T[]; total?: number }) {
  return { items: data, total: total ?? data.length };
}

/** The services' 404 is the pages' "does not exist". */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/** What each group of reads works from. */
interface ReadContext {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  keptCatalogue: KeptCatalogue;
  /** The read's answer from the response cache's value memo, else read and kept. */
  kept: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

/** The shop's settings and its fixed pages. */
type SettingsReads = Pick<
  StorefrontReads,
  'systemSettings' | 'followUs' | 'specialAreas' | 'aboutPages' | 'termsText' | 'commonQuestions'
>;

function settingsReads({ db, kept }: ReadContext): SettingsReads {
  return {
    systemSettings: () => kept('system-settings', () => settings.getSystemSettings(db, 1)),
    followUs: () => kept('follow-us', () => settings.getFollowUs(db, 1)),
    specialAreas: () => kept('special-areas', async () => asApi<SpecialArea[]>(await settings.listSpecialAreas(db))),
    aboutPages: () => kept('about-pages', async () => asApi<AboutPage[]>(await settings.listAboutPages(db))),
    termsText: (position) =>
      kept(`terms:${position}`, async () => asApi<TermsText | null>(await orNull(settings.getTermsText(db, position)))),
    commonQuestions: () =>
      kept('common-questions', async () => asApi<CommonQuestion[]>(await settings.listCommonQuestions(db))),
  };
}

/** Products, packages and bundles, and a product's reviews. */
type CatalogueReads = Pick<
  StorefrontReads,
  | 'productTypes'
  | 'packageTypes'
  | 'bundles'
  | 'bundle'
  | 'bundlesInActivity'
  | 'catalogueSitemap'
  | 'products'
  | 'product'
  | 'productReviews'
  | 'packages'
  | 'package'
>;

function catalogueReads({ db, now, kept, keptCatalogue }: ReadContext): CatalogueReads {
  return {
    productTypes: () => kept('product-types', async () => asApi<ProductType[]>(await catalogue.listProductTypes(db))),
    packageTypes: () => kept('package-types', async () => asApi<PackageType[]>(await catalogue.listPackageTypes(db))),
    bundles: () => kept('bundles', async () => asApi<ProductBundle[]>(await catalogue.listBundles(db))),
    bundle: (id) =>
      kept(`bundle:${id}`, async () => asApi<BundleDetail | null>(await orNull(catalogue.getBundle(db, id)))),
    bundlesInActivity: () =>
      kept('bundles-in-activity', async () => asApi<BundleDetail[]>(await catalogue.listBundlesInActivity(db, now()))),
    catalogueSitemap: () => kept('catalogue-sitemap', () => catalogue.catalogueSitemap(db, now())),
    // Read from the catalogue snapshot, which holds the records ready (docs/decisions/087).
    async products(q) {
      const { items, total } = await catalogue.listProducts(keptCatalogue, q, now());
      return asApi<ListPage<Product>>({ items: items.map((p) => p.record), total: total ?? items.length });
    },
    async product(id) {
      const found = await orNull(catalogue.getProduct(keptCatalogue, db, id, now()));
      return asApi<ProductDetail | null>(found?.record ?? null);
    },
    // Issue 43: the product page's reviews are kept like the product, so a render reads them from memory.
    productReviews: (id) =>
      kept(`product-reviews:${id}`, async () => {
        const empty = { data: [], average: 0, count: 0 };
        return (await orNull(reviews.listReviews(db, id, 1, REVIEWS_ON_PRODUCT_PAGE))) ?? empty;
      }),
    packages: (typeName) =>
      kept(`packages:${typeName ?? ''}`, async () =>
        asApi<PackageDetail[]>(await catalogue.listPackages(db, typeName)),
      ),
    package: (id) =>
      kept(`package:${id}`, async () => asApi<PackageDetail | null>(await orNull(catalogue.getPackage(db, id)))),
  };
}

/** Articles, news, tags and the home page's carousels and areas. */
type ContentReads = Pick<
  StorefrontReads,
  | 'articleCategories'
  | 'articles'
  | 'articlePage'
  | 'article'
  | 'news'
  | 'newsPage'
  | 'newsItem'
  | 'tags'
  | 'carousels'
  | 'indexAreas'
>;

function contentReads({ db, log, kept }: ReadContext): ContentReads {
  return {
    articleCategories: () =>
      kept('article-categories', async () => asApi<ArticleCategory[]>(await content.listArticleCategories(db))),
    articles: () => kept('articles', async () => asApi<ArticleItem[]>((await content.listArticles(db)).data)),
    articlePage: (category, page, size) =>
      kept(`article-page:${category}:${page}:${size}`, async () =>
        asApi<ListPage<ArticleItem>>(listPage(await content.listArticles(db, category, { page, size }))),
      ),
    article: (id) =>
      kept(`article:${id}`, async () => asApi<ArticleItem | null>(await orNull(content.getArticle(db, id)))),
    news: () => kept('news', async () => asApi<NewsItem[]>((await content.listNews(db)).data)),
    newsPage: (page, size) =>
      kept(`news-page:${page}:${size}`, async () =>
        asApi<ListPage<NewsItem>>(listPage(await content.listNews(db, { page, size }))),
      ),
    newsItem: (id) => kept(`news:${id}`, async () => asApi<NewsItem | null>(await orNull(content.getNews(db, id)))),
    tags: () => kept('tags', async () => asApi<Tag[]>(await content.listTags(db, log))),
    carousels: (position) =>
      kept(`carousels:${position ?? ''}`, async () => asApi<Carousel[]>(await content.listCarousels(db, position))),
    indexAreas: () => kept('index-areas', async () => asApi<IndexArea[]>(await content.listIndexAreas(db, log))),
  };
}

/** Courses and their types. */
type CourseReads = Pick<StorefrontReads, 'courseTypes' | 'courses' | 'coursePage' | 'course'>;

function courseReads({ db, kept }: ReadContext): CourseReads {
  return {
    courseTypes: () => kept('course-types', async () => asApi<CourseType[]>(await courses.listCourseTypes(db))),
    courses: () => kept('courses', async () => asApi<Course[]>((await courses.listCourses(db)).data)),
    coursePage: (type, page, size) =>
      kept(`course-page:${type ?? ''}:${page}:${size}`, async () =>
        asApi<ListPage<Course>>(
          listPage(
            type === null
              ? await courses.listCourses(db, { page, size })
              : await courses.coursesByParent(db, type, { page, size }),
          ),
        ),
      ),
    course: (id) => kept(`course:${id}`, async () => asApi<Course | null>(await orNull(courses.getCourse(db, id)))),
  };
}

/** An influencer's page and what they recommend. */
type InfluencerReads = Pick<StorefrontReads, 'influencer' | 'influencerRelations' | 'influencerRelationPage'>;

function influencerReads({ db, now, kept }: ReadContext): InfluencerReads {
  return {
    // A code that cannot be one is nobody's, as on the API (and keeps made-up codes out of the memo).
    influencer: (code) =>
      validCode(code)
        ? kept(`influencer:${code}`, () => orNull(influencers.getInfluencerByCode(db, code)))
        : Promise.resolve(null),
    influencerRelations: (code) =>
      !validCode(code)
        ? Promise.resolve([])
        : kept(`influencer-relations:${code}`, async () =>
            asApi<InfluencerRelation[]>((await influencers.listRelationsByCode(db, code, {}, now())).data),
          ),
    influencerRelationPage: (code, page, size) =>
      !validCode(code)
        ? Promise.resolve({ items: [], total: 0 })
        : kept(`influencer-relation-page:${code}:${page}:${size}`, async () =>
            asApi<ListPage<InfluencerRelation>>(
              listPage(await influencers.listRelationsByCode(db, code, { page, size }, now())),
            ),
          ),
  };
}

export function createStorefrontReads({
  db,
  now,
  cache,
  catalogue: keptCatalogue,
  log,
}: StorefrontReadsOptions): StorefrontReads {
  const context: ReadContext = {
    db,
    now,
    log,
    keptCatalogue,
    kept: (key, read) => cache.remember(`reads:${key}`, read),
  };
  return {
    ...settingsReads(context),
    ...catalogueReads(context),
    ...contentReads(context),
    ...courseReads(context),
    ...influencerReads(context),
  };
}
