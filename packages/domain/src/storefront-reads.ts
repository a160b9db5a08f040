// What the storefront's server-rendered pages read: the shop's public data, asked in-process from
// the services (apps/server/src/web/storefront-reads.ts) instead of HTTP to the same process (issue 15
// item 4). The same records the public GETs of spec §7 answer, so the shapes are the API's.
import type {
  Article,
  ArticleCategory,
  Carousel,
  FollowUs,
  IndexArea,
  News,
  PackageType,
  Product,
  ProductBundle,
  ProductPackage,
  ProductSpec,
  ProductType,
  SpecialArea,
  SystemSettings,
  Tag,
} from './entities.ts';

/** A spec as the product endpoints answer it: its own prices and whether it is out of stock. */
export type ProductSpecDetail = ProductSpec & { sold_out?: boolean };

/** A product as `GET /products/{id}` answers it. */
export type ProductDetail = Omit<Product, 'product_specs'> & {
  product_specs: ProductSpecDetail[];
  created_at?: string;
};

/** A package as `GET /product-package/{id}` answers it. */
export type PackageDetail = ProductPackage & { sold_out?: boolean; product_package_types_id?: number };

/** A bundle as `GET /product-bundles/{id}` answers it. */
export type BundleDetail = ProductBundle & {
  description?: string;
  activity_start_time?: string | null;
  activity_end_time?: string | null;
};

/** An influencer's public profile (spec §4 /coop/{code}). */
export interface Influencer {
  id: number;
  name: string;
  avatar: string;
  code: string;
  is_internet_celebrity: boolean;
  /** spec §5 celebrity discount (type 1 Discount, 2 PercentOn), null when none. */
  celebrity_discount: { type: number; value: number } | null;
}

/** One product an influencer recommends, with the product as its page shows it. */
export interface InfluencerRelation {
  id: number;
  status: number;
  product: ProductDetail;
}

/** A news item as the news endpoints answer it. */
export type NewsItem = News & { summary?: string; content?: string; created_at?: string };

/** An article as the article endpoints answer it. */
export type ArticleItem = Article & { summary?: string; content?: string; created_at?: string; updated_at?: string };

/** An about page (spec §2 /about). */
export interface AboutPage {
  id: number;
  /** Page section (spec §2): 1 AboutUs, 2 Business, 3 AboutUsIndex. */
  section: number;
  title: string;
  /** Sanitised html. */
  content: string;
  pic: string;
  index_id: number;
  created_at: string;
}

/** The text of a terms page by brand position. */
export interface TermsText {
  id: number;
  /** Brand position: 1 Member, 2 Shopping, 3 Terms, 4 Privacy. */
  position: number;
  title: string;
  /** Sanitised html. */
  content: string;
  updated_at: string;
}

export interface CommonQuestion {
  id: number;
  question: string;
  /** Sanitised html. */
  answer: string;
}

/** What /sitemap.xml needs of the catalogue. */
export interface CatalogueSitemap {
  products: Array<{ id: number; product_type_id: number | null; updated_at: string }>;
  packages: Array<{ id: number; product_package_types_name: string; updated_at: string }>;
}

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
  /** Active packages, of one package type (by name) when given, newest first. */
  packages(typeName?: string): Promise<PackageDetail[]>;
  package(id: number): Promise<PackageDetail | null>;
  influencer(code: string): Promise<Influencer | null>;
  /** Every recommendation of a code; empty for anything but an influencer's code. */
  influencerRelations(code: string): Promise<InfluencerRelation[]>;
  influencerRelationPage(code: string, page: number, size: number): Promise<ListPage<InfluencerRelation>>;
}
