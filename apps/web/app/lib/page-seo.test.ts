import { describe, expect, it } from 'vitest';
import { layoutTextOf } from './layout-text.ts';
import { seoMeta, type PageSeo } from './page-seo.ts';

const rootWith = (title: string) => [
  { id: 'root', loaderData: { layout: layoutTextOf({ settings: { website_title: title } }) } },
];

describe('seoMeta', () => {
  const seo: PageSeo = {
    title: '玻尿酸保濕精華液',
    preview: {
      publicUrl: 'https://shop.example.tw',
      path: '/products?sn=1',
      title: '玻尿酸保濕精華液',
      type: 'product',
    },
    structuredData: ['{"@context":"https://schema.org","@type":"Product","name":"玻尿酸保濕精華液"}'],
  };

  it("makes the page's title, link preview and JSON-LD tags", () => {
    const meta = seoMeta(rootWith('好物'), seo, '產品資訊');
    expect(meta).toContainEqual({ title: '好物 | 玻尿酸保濕精華液' });
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://shop.example.tw/products?sn=1' });
    expect(meta).toContainEqual({
      'script:ld+json': { '@context': 'https://schema.org', '@type': 'Product', name: '玻尿酸保濕精華液' },
    });
  });

  it('makes them once for the same seo and site, again when the site changes', () => {
    const root = rootWith('好物');
    const first = seoMeta(root, seo, '產品資訊');
    expect(seoMeta(root, seo, '產品資訊')).toBe(first);
    const renamed = seoMeta(rootWith('好日子'), seo, '產品資訊');
    expect(renamed).not.toBe(first);
    expect(renamed).toContainEqual({ title: '好日子 | 玻尿酸保濕精華液' });
  });

  it('keeps a page without seo out of search indexes, under its fallback title', () => {
    expect(seoMeta(rootWith('好物'), null, '產品資訊')).toEqual(
      expect.arrayContaining([{ title: '好物 | 產品資訊' }, { name: 'robots', content: 'noindex' }]),
    );
  });
});
