import { describe, expect, it } from 'vitest';
import { layoutTextOf } from './layout-text.ts';
import {
  absoluteUrl,
  canonicalPath,
  linkPreviewMeta,
  mergeMeta,
  previewPageMeta,
  summaryText,
} from './link-preview.ts';

const ORIGIN = 'https://shop.example.tw';

describe('absoluteUrl', () => {
  it.each([
    ['demo/news/n1.webp', 'https://shop.example.tw/uploads/demo/news/n1.webp'],
    ['images/img/news-default.jpg', 'https://shop.example.tw/images/img/news-default.jpg'],
    ['/news/3', 'https://shop.example.tw/news/3'],
    ['https://cdn.example.tw/a.jpg', 'https://cdn.example.tw/a.jpg'],
    ['//cdn.example.tw/a.jpg', 'https://cdn.example.tw/a.jpg'],
    ['data:image/png;base64,AAAA', ''],
    ['', ''],
    [null, ''],
  ])('%s → %s', (key, expected) => {
    expect(absoluteUrl(ORIGIN, key)).toBe(expected);
  });

  it('ignores a trailing slash on the origin', () => {
    expect(absoluteUrl('http://localhost:3000/', '/about?id=1')).toBe('http://localhost:3000/about?id=1');
  });
});

describe('summaryText', () => {
  it.each([
    ['<p>週年慶<strong>全館</strong>八折</p>', '週年慶 全館 八折'],
    ['<script>alert(1)</script>安全', '安全'],
    ['A &amp; B&nbsp;&lt;C&gt;', 'A & B <C>'],
    ['  多個\n\n空白  ', '多個 空白'],
    [null, ''],
  ])('%s → %s', (html, expected) => {
    expect(summaryText(html)).toBe(expected);
  });

  it('cuts long text at the limit with an ellipsis, never inside a character', () => {
    const text = summaryText('好'.repeat(200), 10);
    expect(Array.from(text)).toHaveLength(10);
    expect(text.endsWith('…')).toBe(true);
    expect(summaryText('😀'.repeat(20), 5)).toBe('😀😀😀😀…');
  });
});

describe('canonicalPath', () => {
  it.each([
    ['https://shop.tw/news/3?code=KOL&utm_source=line', [], '/news/3'],
    ['https://shop.tw/about?code=KOL&id=2', ['id'], '/about?id=2'],
    ['https://shop.tw/recommended?page=2&t=5', ['t', 'page'], '/recommended?t=5&page=2'],
    ['https://shop.tw/recommended?t=', ['t'], '/recommended'],
  ] as const)('%s keeping %j → %s', (url, keep, expected) => {
    expect(canonicalPath(url, keep)).toBe(expected);
  });
});

describe('linkPreviewMeta', () => {
  const meta = linkPreviewMeta({
    publicUrl: ORIGIN,
    path: '/news/7',
    title: '母親節優惠',
    description: '<p>全館<b>九折</b></p>',
    image: 'demo/news/n7.webp',
    type: 'article',
  });

  it('has absolute og:url, og:image and the canonical link', () => {
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://shop.example.tw/news/7' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://shop.example.tw/uploads/demo/news/n7.webp' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example.tw/news/7' });
  });

  it('has title, plain-text description, type and a large-image card', () => {
    expect(meta).toContainEqual({ property: 'og:title', content: '母親節優惠' });
    expect(meta).toContainEqual({ property: 'og:description', content: '全館 九折' });
    expect(meta).toContainEqual({ name: 'description', content: '全館 九折' });
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('without an image: no og:image and a small card', () => {
    const bare = linkPreviewMeta({ publicUrl: ORIGIN, path: '/', title: '首頁' });
    expect(bare.some((d) => 'property' in d && d.property === 'og:image')).toBe(false);
    expect(bare).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(bare).toContainEqual({ property: 'og:type', content: 'website' });
  });

  it('appends type-specific extra tags', () => {
    const product = linkPreviewMeta({
      publicUrl: ORIGIN,
      path: '/products?sn=1',
      title: '茶',
      type: 'product',
      extra: [{ property: 'product:price:amount', content: '380' }],
    });
    expect(product.at(-1)).toEqual({ property: 'product:price:amount', content: '380' });
  });
});

describe('mergeMeta / previewPageMeta', () => {
  it('replaces the same tag and keeps the others', () => {
    const merged = mergeMeta(
      [{ title: 'a' }, { name: 'description', content: 'site' }, { name: 'keywords', content: 'k' }],
      [{ name: 'description', content: 'page' }],
    );
    expect(merged).toEqual([
      { title: 'a' },
      { name: 'keywords', content: 'k' },
      { name: 'description', content: 'page' },
    ]);
  });

  it('one og:title and one description: the page wins over the site settings', () => {
    const matches = [
      {
        id: 'root',
        loaderData: { layout: layoutTextOf({ settings: { website_title: '好物', description: '網站描述' } }) },
      },
    ];
    const meta = previewPageMeta(matches, '最新消息', {
      publicUrl: ORIGIN,
      path: '/news/1',
      title: '新品上市',
      description: '本週新品',
    });
    expect(meta).toContainEqual({ title: '好物 | 最新消息' });
    expect(meta.filter((d) => 'property' in d && d.property === 'og:title')).toEqual([
      { property: 'og:title', content: '新品上市' },
    ]);
    expect(meta.filter((d) => 'name' in d && d.name === 'description')).toEqual([
      { name: 'description', content: '本週新品' },
    ]);
    expect(meta).toContainEqual({ property: 'og:site_name', content: '好物' });
  });

  it('without a preview it is just pageMeta', () => {
    const meta = previewPageMeta(
      [{ id: 'root', loaderData: { layout: layoutTextOf({ settings: { website_title: '好物' } }) } }],
      '關於我們',
      null,
    );
    expect(meta).toContainEqual({ title: '好物 | 關於我們' });
    expect(meta.some((d) => 'tagName' in d)).toBe(false);
  });
});
