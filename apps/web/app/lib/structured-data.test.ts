import { describe, expect, it } from 'vitest';
import { breadcrumbLd, jsonLd, jsonLdTexts, newsArticleLd, productLd, reviewsLd } from './structured-data.ts';

const ORIGIN = 'https://shop.example.tw';

describe('productLd', () => {
  const base = {
    publicUrl: ORIGIN,
    path: '/products?t=3&sn=12',
    name: '阿里山高山烏龍茶',
    description: '<p>高山<strong>烏龍</strong>，花香</p>',
    images: ['demo/products/p12.webp', '/images/img/x.jpg'],
    sku: '12',
    inStock: true,
  };

  it('gives one Offer in TWD when every spec costs the same', () => {
    const ld = productLd({ ...base, prices: [880, 880] });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '阿里山高山烏龍茶',
      description: '高山 烏龍 ，花香',
      image: ['https://shop.example.tw/uploads/demo/products/p12.webp', 'https://shop.example.tw/images/img/x.jpg'],
      url: 'https://shop.example.tw/products?t=3&sn=12',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'TWD',
        price: '880',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives an AggregateOffer from the lowest to the highest spec price', () => {
    const ld = productLd({ ...base, prices: [1200, 880, 1500], inStock: false });
    expect(ld.offers).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://shop.example.tw/products?t=3&sn=12',
      priceCurrency: 'TWD',
      lowPrice: '880',
      highPrice: '1500',
      offerCount: 3,
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('leaves out an empty description and unusable images', () => {
    const ld = productLd({ ...base, description: '', images: ['', 'data:image/png;base64,AA'], prices: [100] });
    expect(ld).not.toHaveProperty('description');
    expect(ld).not.toHaveProperty('image');
  });
});

describe('breadcrumbLd', () => {
  it('starts at 首頁 and ends at the page itself', () => {
    const ld = breadcrumbLd(ORIGIN, [{ name: '產品資訊', path: '/products' }, { name: '烏龍茶' }], '/products?sn=1');
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '首頁', item: 'https://shop.example.tw/' },
      { '@type': 'ListItem', position: 2, name: '產品資訊', item: 'https://shop.example.tw/products' },
      { '@type': 'ListItem', position: 3, name: '烏龍茶', item: 'https://shop.example.tw/products?sn=1' },
    ]);
  });
});

describe('newsArticleLd', () => {
  it('names the shop as author and publisher and falls back to the published date', () => {
    const ld = newsArticleLd({
      publicUrl: ORIGIN,
      path: '/news/3',
      headline: '中秋禮盒預購開跑',
      images: ['demo/news/n03.webp'],
      datePublished: '2026-09-01T02:00:00.000Z',
      publisher: '好日子選物',
      publisherLogo: 'demo/logo.webp',
    });
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      headline: '中秋禮盒預購開跑',
      mainEntityOfPage: 'https://shop.example.tw/news/3',
      image: ['https://shop.example.tw/uploads/demo/news/n03.webp'],
      datePublished: '2026-09-01T02:00:00.000Z',
      dateModified: '2026-09-01T02:00:00.000Z',
      author: { '@type': 'Organization', name: '好日子選物' },
      publisher: {
        name: '好日子選物',
        logo: { '@type': 'ImageObject', url: 'https://shop.example.tw/uploads/demo/logo.webp' },
      },
    });
  });

  it('cuts a headline over 110 characters', () => {
    const ld = newsArticleLd({
      publicUrl: ORIGIN,
      path: '/news/1',
      headline: '長'.repeat(200),
      images: [],
      datePublished: '2026-01-01T00:00:00.000Z',
      publisher: 'x',
    });
    expect(Array.from(ld.headline as string)).toHaveLength(110);
  });
});

describe('jsonLd', () => {
  it('wraps the object as the script:ld+json descriptor React Router renders', () => {
    expect(jsonLd('{"a":1}')).toEqual({ 'script:ld+json': { a: 1 } });
  });

  it('takes back what jsonLdTexts wrote, field for field', () => {
    const crumbs = breadcrumbLd(ORIGIN, [{ name: '最新消息', path: '/news' }, { name: '春節出貨' }], '/news/6');
    const [text] = jsonLdTexts(crumbs);
    expect(jsonLd(text!)).toEqual({ 'script:ld+json': crumbs });
  });
});

describe('productLd with reviews (issue 43)', () => {
  const base = {
    publicUrl: ORIGIN,
    path: '/products?sn=12',
    name: '阿里山高山烏龍茶',
    images: [],
    sku: '12',
    inStock: true,
    prices: [880],
  };
  const review = { name: '王*明', rating: 4, content: '回甘明顯', created_at: '2026-06-09T18:30:00Z' };

  it('carries aggregateRating and the newest reviews, dated in Taipei', () => {
    const ld = productLd({ ...base, ...reviewsLd({ average: 4.5, count: 2, data: [review] }) });
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 2,
      bestRating: '5',
      worstRating: '1',
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: '王*明' },
        reviewRating: { '@type': 'Rating', ratingValue: '4', bestRating: '5', worstRating: '1' },
        reviewBody: '回甘明顯',
        datePublished: '2026-06-10',
      },
    ]);
  });

  it('leaves both out without reviews', () => {
    const ld = productLd({ ...base, ...reviewsLd({ average: 0, count: 0, data: [] }) });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });
});
