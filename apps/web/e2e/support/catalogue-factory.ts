// Catalogue records a story starts from, made through the back-office API with unique names:
// product types, products with specs and stock, package types and packages, bundles, hot-search tags,
// course types and courses.
import type { BackOfficeApi } from './back-office-api.ts';
import { newestFirst, unique } from './back-office-api.ts';

/** A product as the shopping stories use it (the storefront API's names). */
export interface MadeProduct {
  id: number;
  name: string;
  product_type_ids: number[];
  product_specs: Array<{ id: number; name: string; price: number; on_sale_price: number; sold_out?: boolean }>;
}

export interface SpecToMake {
  name: string;
  price: number;
  salePrice: number;
  /** null = not tracked. */
  stock?: number | null;
}

export interface CourseToMake {
  name?: string;
  /** Html, as the back office's editor writes it. */
  description?: string;
  price?: number;
  salePrice?: number;
  /** yyyy-MM-dd; null = to be announced. */
  startDate?: string | null;
  location?: string;
  /** Made inactive (status 0): not for shoppers. */
  hidden?: boolean;
}

/** A course as the back office answers it. */
export interface MadeCourse {
  id: number;
  name: string;
  course_type_id: number;
}

export interface ProductToMake {
  name?: string;
  /** Its types; a fresh level-1 type when left out. */
  typeIds?: number[];
  specs?: SpecToMake[];
  /** The card text and the detail html: one description tab each (spec §3). */
  description1?: string;
  description2?: string;
  descriptionTitles?: string[];
  /** Sort key; the storefront lists the lowest first. */
  indexId?: number;
}

interface AdminProduct {
  id: number;
  name: string;
  product_type_ids: number[];
  specs: Array<{ id: number; name: string; price: number; on_sale_price: number; stock: number | null }>;
}

/** A product as the back office's edit form holds it (GET /admin/products/{id}), for saving it again. */
interface AdminProductRecord extends AdminProduct {
  description1: string;
  description2: string;
  banner: string;
  pics: string[];
  description_titles: string[];
  tag_type: number;
  status: number;
  index_id: number;
  activity_start_time: string | null;
  activity_end_time: string | null;
  internet_celebrity: boolean;
  version: number;
}

export class CatalogueFactory {
  constructor(readonly office: BackOfficeApi) {}

  /** A product type on sale: level 1, or level 2 under `parentId`. */
  async productType(options: { name?: string; parentId?: number } = {}): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/admin/product-types', {
      name: options.name ?? unique('類別'),
      parent_id: options.parentId ?? null,
      status: 1,
      index_id: 0,
    });
  }

  /** A level-1 type with one sub-type, both on sale. */
  async typeWithSubtype(): Promise<{ top: { id: number; name: string }; child: { id: number; name: string } }> {
    const top = await this.productType();
    const child = await this.productType({ parentId: top.id });
    return { top, child };
  }

  /** A product on sale with one picture; one spec 標準 of NT$1,200 / NT$990, 50 in stock, by default. */
  async product(options: ProductToMake = {}): Promise<MadeProduct> {
    const typeIds = options.typeIds ?? [(await this.productType()).id];
    const specs = options.specs ?? [{ name: '標準', price: 1200, salePrice: 990, stock: 50 }];
    const made = await this.office.call<AdminProduct>('POST', '/admin/products', {
      name: options.name ?? unique('測試商品'),
      description1: options.description1 ?? '測試用商品，故事自己建立。',
      description2: options.description2 ?? '',
      description_titles: options.descriptionTitles ?? [],
      pics: [await this.office.upload()],
      tag_type: 0,
      status: 1,
      index_id: options.indexId ?? 0,
      product_type_ids: typeIds,
      internet_celebrity: false,
      specs: specs.map((s) => ({
        name: s.name,
        price: s.price,
        on_sale_price: s.salePrice,
        stock: s.stock === undefined ? 50 : s.stock,
      })),
    });
    return {
      id: made.id,
      name: made.name,
      product_type_ids: made.product_type_ids,
      product_specs: made.specs.map((s) => ({
        id: s.id,
        name: s.name,
        price: s.price,
        on_sale_price: s.on_sale_price,
      })),
    };
  }

  /**
   * Changes one spec's stock (null = not tracked) the way the owner does in the product's edit form:
   * the product saved again at its current version with only that number changed.
   */
  async setSpecStock(productId: number, specId: number, stock: number | null): Promise<void> {
    const p = await this.office.call<AdminProductRecord>('GET', `/admin/products/${productId}`);
    await this.office.call('PUT', `/admin/products/${productId}`, {
      name: p.name,
      description1: p.description1,
      description2: p.description2,
      banner: p.banner,
      pics: p.pics,
      description_titles: p.description_titles,
      tag_type: p.tag_type,
      status: p.status,
      index_id: p.index_id,
      product_type_ids: p.product_type_ids,
      activity_start_time: p.activity_start_time,
      activity_end_time: p.activity_end_time,
      internet_celebrity: p.internet_celebrity,
      specs: p.specs.map((s) => ({
        id: s.id,
        name: s.name,
        price: s.price,
        on_sale_price: s.on_sale_price,
        stock: s.id === specId ? stock : s.stock,
      })),
      version: p.version,
    });
  }

  /** `count` products in one type (made one after the other: the list order is the sort key). */
  async products(count: number, options: ProductToMake = {}): Promise<MadeProduct[]> {
    const made: MadeProduct[] = [];
    for (let i = 0; i < count; i++) {
      made.push(await this.product({ ...options, name: options.name ? `${options.name} ${i + 1}` : undefined }));
    }
    return made;
  }

  async packageType(name = unique('組合類別')): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/admin/package-types', { name, status: 1, index_id: 0 });
  }

  /** A package (組合商品) on sale in `typeId`, NT$2,000 / NT$1,680, 20 in stock. */
  async package(typeId: number, name = unique('測試組合')): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/admin/product-packages', {
      package_type_id: typeId,
      name,
      description1: '測試用組合，故事自己建立。',
      pics: [await this.office.upload()],
      price: 2000,
      on_sale_price: 1680,
      stock: 20,
      status: 1,
      index_id: 0,
    });
  }

  /** A bundle (優惠活動) running now without an end, listed first: any `amount` of the products for `percent`%. */
  async bundle(
    productIds: number[],
    options: { title?: string; amount?: number; percent?: number } = {},
  ): Promise<{ id: number; title: string }> {
    return this.office.call('POST', '/product-bundles', {
      title: options.title ?? unique('任選優惠'),
      description: '測試用優惠活動。',
      status: 1,
      discount_type: 1,
      discount_rule: [{ amount: options.amount ?? 2, value: options.percent ?? 85 }],
      index_id: newestFirst(),
      product_ids: productIds,
    });
  }

  /** A course type shown on /courses, listed first (spec §9: course types sort by index_id). */
  async courseType(options: { name?: string; parentId?: number } = {}): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/course-types', {
      name: options.name ?? unique('課程分類'),
      parent_id: options.parentId ?? null,
      status: 1,
      index_id: newestFirst(),
    });
  }

  /**
   * A course of `typeId` with a picture, made now (so the newest, spec §9): NT$1,200 on sale for NT$980,
   * starting on `startDate` (a Taipei day) at a Taipei classroom, unless told otherwise.
   */
  async course(typeId: number, options: CourseToMake = {}): Promise<MadeCourse> {
    return this.office.call('POST', '/courses', {
      course_type_id: typeId,
      name: options.name ?? unique('手作課程'),
      description: options.description ?? '<p>測試用課程介紹。</p>',
      pic: await this.office.upload(),
      price: options.price ?? 1200,
      on_sale_price: options.salePrice ?? 980,
      start_date: options.startDate === undefined ? '2026-12-20' : options.startDate,
      location: options.location ?? '台北市大安區 好日子教室',
      status: options.hidden ? 0 : 1,
      index_id: 0,
    });
  }

  /** A hot-search tag (spec §5): a search for its name lists these products first. */
  async tag(productIds: number[], name = unique('熱搜')): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/admin/tags', { name, ids: productIds, status: 1, index_id: 0 });
  }
}
