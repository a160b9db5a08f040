import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  it('lists absolute, escaped URLs once each, with lastmod when known', () => {
    const xml = sitemapXml('https://shop.example.tw/', [
      { path: '/' },
      { path: '/products?t=3&sn=12', lastmod: '2026-05-01T08:00:00Z' },
      { path: '/products?t=3&sn=12', lastmod: '2026-06-01T08:00:00Z' },
      { path: '/products?t=禮盒&sn=4&pkg=1', lastmod: 'not a date' },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain('<url><loc>https://shop.example.tw/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shop.example.tw/products?t=3&amp;sn=12</loc><lastmod>2026-05-01T08:00:00.000Z</lastmod></url>',
    );
    expect(xml.match(/sn=12/g)).toHaveLength(1);
    expect(xml).toContain(
      '<url><loc>https://shop.example.tw/products?t=%E7%A6%AE%E7%9B%92&amp;sn=4&amp;pkg=1</loc></url>',
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('percent-encodes quotes and markup in a path', () => {
    expect(sitemapXml('http://x', [{ path: `/a?b="<c>"'s` }])).toContain('<loc>http://x/a?b=%22%3Cc%3E%22%27s</loc>');
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers off the API and personal pages and points at the sitemap', () => {
    const text = robotsTxt('https://shop.example.tw');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /cart');
    expect(text).toContain('Sitemap: https://shop.example.tw/sitemap.xml');
  });
});
