import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductType, ReviewPage, StorefrontReads } from '@shop/domain';
import { productDetail } from './catalogue-detail-pages.server.ts';
import type { CatalogueRequest } from './catalogue-page-model.ts';

const serum = (): ProductDetail => ({
  id: 1,
  name: '玻尿酸保濕精華液',
  description1: '三重分子玻尿酸，一抹補水。',
  description2: '<p>產地：台灣。</p>',
  banner: 'demo/products/p01.webp',
  price: 980,
  on_sale_price: 790,
  tag_type: 1,
  status: 1,
  index_id: 1,
  product_type_ids: [1],
  product_specs: [{ id: 1, name: '30ml', price: 980, on_sale_price: 790, sold_out: false, stock: null }],
  activity_start_time: null,
  activity_end_time: null,
  description_titles: ['商品介紹'],
  pics: ['demo/products/p01.webp'],
  internet_celebrity: false,
});

const types: ProductType[] = [{ id: 1, name: '保養品', level: 1, parent_id: null, status: 1, index_id: 1, childs: [] }];
const noReviews: ReviewPage = { data: [], average: 0, count: 0 };

/** Reads that answer with the objects given, as a render thread's kept answers do. */
function readsOf(answers: { product: ProductDetail; related: ProductDetail[]; reviews?: ReviewPage }) {
  return {
    product: async () => answers.product,
    productTypes: async () => types,
    products: async () => ({ items: answers.related, total: answers.related.length }),
    productReviews: async () => answers.reviews ?? noReviews,
    influencer: async () => null,
    influencerRelations: async () => [],
  } as unknown as StorefrontReads;
}

const requestFor = (reads: StorefrontReads, query = 't=1&sn=1'): CatalogueRequest => ({
  reads,
  url: new URL(`https://shop.example.tw/products?${query}`),
  publicUrl: 'https://shop.example.tw',
  view: { kind: 'product', id: 1, typeId: 1 },
});

describe('productDetail', () => {
  it('answers the same page again while the reads answer the same objects', async () => {
    const reads = readsOf({ product: serum(), related: [] });
    const first = await productDetail(requestFor(reads), 1, 1);
    expect(await productDetail(requestFor(reads), 1, 1)).toBe(first);
  });

  it('makes the page again when the product, its related products or its reviews are new answers', async () => {
    const product = serum();
    const first = await productDetail(requestFor(readsOf({ product, related: [] })), 1, 1);

    const renamed = { ...product, name: '玻尿酸保濕精華液（新包裝）' };
    const afterRename = await productDetail(requestFor(readsOf({ product: renamed, related: [] })), 1, 1);
    expect(afterRename.kind === 'detail' && afterRename.item.name).toBe('玻尿酸保濕精華液（新包裝）');

    const related = [{ ...serum(), id: 2, name: '積雪草舒緩化妝水' }];
    const withRelated = await productDetail(requestFor(readsOf({ product, related })), 1, 1);
    expect(withRelated).not.toBe(first);
    expect(withRelated.kind === 'detail' && withRelated.related.map((card) => card.name)).toEqual(['積雪草舒緩化妝水']);

    const reviewed = { data: [], average: 4.5, count: 2 };
    const withReviews = await productDetail(requestFor(readsOf({ product, related, reviews: reviewed })), 1, 1);
    expect(withReviews.kind === 'detail' && withReviews.reviews).toBe(reviewed);
  });

  it('does not answer one link type with the page made for another', async () => {
    const reads = readsOf({ product: serum(), related: [] });
    const linked = await productDetail(requestFor(reads), 1, 1);
    const unlinked = await productDetail(requestFor(reads, 'sn=1'), 1, null);
    expect(unlinked).not.toBe(linked);
  });
});
