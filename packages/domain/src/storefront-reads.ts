// What the storefront's server-rendered pages read: the shop's public data, asked in-process from
// the services (apps/server/src/web/storefront-reads.ts) instead of HTTP to the same process (issue 15
// item 4). The same records the public GETs of spec §7 answer, so the shapes are the API's.
import { z } from 'zod';
import {
  articleSchema,
  isoDateTimeSchema,
  newsSchema,
  productBundleSchema,
  productPackageSchema,
  productSchema,
  productSpecSchema,
  type ArticleCategory,
  type Carousel,
  type Course,
  type CourseType,
  type FollowUs,
  type IndexArea,
  type PackageType,
  type Product,
  type ProductBundle,
  type ProductType,
  type SpecialArea,
  type SystemSettings,
  type Tag,
} from './entities.ts';
import type { ReviewPage } from './reviews.ts';

/** Units left to sell; null when the shop does not track them (no cap below the line maximum). */
export const stockLeftSchema = z.number().int().nullable();

/** A spec as the product endpoints answer it: its own prices, whether it is out of stock and how many are left. */
export const productSpecDetailSchema = productSpecSchema.extend({
  sold_out: z.boolean().optional(),
  stock: stockLeftSchema.optional(),
});
export type ProductSpecDetail = z.infer<typeof productSpecDetailSchema>;

/** A product as `GET /products/{id}` (and the lists) answer it. */
export const productDetailSchema = productSchema.extend({
  product_specs: z.array(productSpecDetailSchema),
  created_at: isoDateTimeSchema.optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A package as `GET /product-package/{id}` answers it. */
export const packageDetailSchema = productPackageSchema.extend({
  sold_out: z.boolean().optional(),
  stock: stockLeftSchema.optional(),
  product_package_types_id: z.number().int().optional(),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

/** A bundle as `GET /product-bundles/{id}` answers it. */
export const bundleDetailSchema = productBundleSchema.extend({
  description: z.string().optional(),
  activity_start_time: isoDateTimeSchema.nullable().optional(),
  activity_end_time: isoDateTimeSchema.nullable().optional(),
});
export type BundleDetail = z.infer<typeof bundleDetailSchema>;

/** An influencer's public profile (spec §4 /coop/{code}). */
export const influencerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  code: z.string(),
  is_internet_celebrity: z.boolean(),
  /** spec §5 celebrity discount (type 1 Discount, 2 PercentOn), null when none. */
  celebrity_discount: z.object({ type: z.number().int(), value: z.number() }).nullable(),
});
export type Influencer = z.infer<typeof influencerSchema>;

/** One product an influencer recommends, with the product as its page shows it. */
export const influencerRelationSchema = z.object({
  id: z.number().int(),
  members_id: z.number().int(),
  status: z.number().int(),
  index_id: z.number().int(),
  product: productDetailSchema,
});
export type InfluencerRelation = z.infer<typeof influencerRelationSchema>;

/** A news item as the news endpoints answer it. */
export const newsItemSchema = newsSchema.extend({
  summary: z.string().optional(),
  content: z.string().optional(),
  created_at: isoDateTimeSchema.optional(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** An article as the article endpoints answer it. */
export const articleItemSchema = articleSchema.extend({
  summary: z.string().optional(),
  content: z.string().optional(),
  created_at: isoDateTimeSchema.optional(),
  updated_at: isoDateTimeSchema.optional(),
});
export type ArticleItem = z.infer<typeof articleItemSchema>;

/** An about page (spec §2 /about). */
export const aboutPageSchema = z.object({
  id: z.number().int(),
  /** Page section (spec §2): 1 AboutUs, 2 Business, 3 AboutUsIndex. */
  section: z.number().int(),
  title: z.string(),
  /** Sanitised html. */
  content: z.string(),
  pic: z.string(),
  status: z.number().int(),
  index_id: z.number().int(),
  created_at: isoDateTimeSchema,
});
export type AboutPage = z.infer<typeof aboutPageSchema>;

/** The text of a terms page by brand position. */
export const termsTextSchema = z.object({
  id: z.number().int(),
  /** Brand position: 1 Member, 2 Shopping, 3 Terms, 4 Privacy. */
  position: z.number().int(),
  title: z.string(),
  /** Sanitised html. */
  content: z.string(),
  updated_at: isoDateTimeSchema,
});
export type TermsText = z.infer<typeof termsTextSchema>;

export const commonQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Sanitised html. */
  answer: z.string(),
  status: z.number().int(),
  index_id: z.number().int(),
});
export type CommonQuestion = z.infer<typeof commonQuestionSchema>;

/** What /sitemap.xml needs of the catalogue. */
export const catalogueSitemapSchema = z.object({
  products: z.array(
    z.object({ id: z.number().int(), product_type_id: z.number().int().nullable(), updated_at: isoDateTimeSchema }),
  ),
  packages: z.array(
    z.object({ id: z.number().int(), product_package_types_name: z.string(), updated_at: isoDateTimeSchema }),
  ),
});
export type CatalogueSitemap = z.infer<typeof catalogueSitemapSchema>;

/** One hit of spec §5 search: a product or a package, marked by `kind`. */
export const searchResultSchema = z.discriminatedUnion('kind', [
  productDetailSchema.extend({ kind: z.literal('product') }),
  packageDetailSchema.extend({ kind: z.literal('package') }),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The product list's filters (spec §7 `GET /products`); `ids` keeps the caller's order. */
export interface ProductListQuery {
  ids?: readonly number[];
  type?: number;
  bundle?: number;
  page?: number;
  size?: number;
}

/** One page of a list and how many records match in all (spec §2 pagination). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * The public reads of the storefront's pages. Every answer is what a guest may see; something that
 * does not exist (or is hidden) is `null`. Answers may be shared between requests: never mutate them.
 */
export interface StorefrontReads {
  systemSettings(): Promise<SystemSettings>;
  followUs(): Promise<FollowUs>;
  /** Active closable ads, by index_id. */
  specialAreas(): Promise<SpecialArea[]>;
  productTypes(): Promise<ProductType[]>;
  packageTypes(): Promise<PackageType[]>;
  bundles(): Promise<ProductBundle[]>;
  bundle(id: number): Promise<BundleDetail | null>;
  /** Active bundles inside their activity window: the /bundles page. */
  bundlesInActivity(): Promise<BundleDetail[]>;
  articleCategories(): Promise<ArticleCategory[]>;
  /** Every shown article, by index_id. */
  articles(): Promise<ArticleItem[]>;
  /** One page of a sharing-zone category's articles. */
  articlePage(category: number, page: number, size: number): Promise<ListPage<ArticleItem>>;
  article(id: number): Promise<ArticleItem | null>;
  /** Every shown news item, newest first by post_at (spec §9). */
  news(): Promise<NewsItem[]>;
  newsPage(page: number, size: number): Promise<ListPage<NewsItem>>;
  newsItem(id: number): Promise<NewsItem | null>;
  /** Shown course types by index_id; a child's parent is shown too. */
  courseTypes(): Promise<CourseType[]>;
  /** Every shown course, newest first by created_at (spec §9). */
  courses(): Promise<Course[]>;
  /** One page of the shown courses; of one type (a top-level type with its children's) when `type` is given. */
  coursePage(type: number | null, page: number, size: number): Promise<ListPage<Course>>;
  course(id: number): Promise<Course | null>;
  aboutPages(): Promise<AboutPage[]>;
  termsText(position: number): Promise<TermsText | null>;
  commonQuestions(): Promise<CommonQuestion[]>;
  catalogueSitemap(): Promise<CatalogueSitemap>;
  tags(): Promise<Tag[]>;
  /** Active slides, of one site section when `position` is given. */
  carousels(position?: number): Promise<Carousel[]>;
  indexAreas(): Promise<IndexArea[]>;
  /** The list without influencer-only products; without `page` every match. */
  products(query: ProductListQuery): Promise<ListPage<Product>>;
  /** A visible product (influencer-only ones included). */
  product(id: number): Promise<ProductDetail | null>;
  /** The newest shown reviews of a product (the first page) with its average and count. */
  productReviews(id: number): Promise<ReviewPage>;
  /** Active packages, of one package type (by name) when given, newest first. */
  packages(typeName?: string): Promise<PackageDetail[]>;
  package(id: number): Promise<PackageDetail | null>;
  influencer(code: string): Promise<Influencer | null>;
  /** Every recommendation of a code; empty for anything but an influencer's code. */
  influencerRelations(code: string): Promise<InfluencerRelation[]>;
  influencerRelationPage(code: string, page: number, size: number): Promise<ListPage<InfluencerRelation>>;
}
