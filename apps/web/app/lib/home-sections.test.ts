import { describe, expect, it } from 'vitest';
import type { Article, IndexArea, Product } from '../api/types.ts';
import { buildHomeSections, homeAreaIds } from './home-sections.ts';

const area = (id: number, types: IndexArea['types'], extra: Partial<IndexArea> = {}): IndexArea =>
  ({ id, types, style: { content: '', pics: [] }, ids: [], status: 1, index_id: id, ...extra }) as IndexArea;

const product = (id: number): Product =>
  ({
    id,
    name: `商品${id}`,
    banner: `b${id}.webp`,
    pics: [],
    price: 100,
    on_sale_price: 80,
    tag_type: 1,
    product_type_ids: [7],
  }) as unknown as Product;

describe('home sections', () => {
  const areas = [
    area(1, 'Article', { style: '{"content":"<p>關於我們</p>"}' as unknown as IndexArea['style'] }),
    area(4, 'Carousel', { style: { content: '', pics: ['ad.webp'] } }),
    area(2, 'Banner', { ids: '[{"id":3},{"id":1},{"id":99}]' as unknown as number[] }),
    area(3, 'Banner', { ids: [5] }),
  ];

  it('reads the hot product and review article ids', () => {
    expect(homeAreaIds(areas)).toEqual({ hot: [3, 1, 99], reviews: [5] });
  });

  it('builds sections in area order, hot products in id order, skipping what did not load', () => {
    const articles = [{ id: 5, title: '開箱', pic: 'a.webp', category_id: 2 }] as Article[];
    const sections = buildHomeSections(areas, [product(1), product(3)], articles);
    expect(sections.map((s) => s.kind)).toEqual(['about', 'ad', 'hot', 'reviews']);
    const hot = sections[2];
    expect(hot?.kind === 'hot' && hot.cards.map((c) => c.href)).toEqual(['/products?t=7&sn=3', '/products?t=7&sn=1']);
    const reviews = sections[3];
    expect(reviews?.kind === 'reviews' && reviews.articles[0]?.href).toBe('/recommended?t=2&id=5');
  });

  it('caps hot products at 20', () => {
    const many = [area(2, 'Banner', { ids: Array.from({ length: 30 }, (_, i) => i + 1) })];
    expect(homeAreaIds(many).hot).toHaveLength(20);
  });
});
