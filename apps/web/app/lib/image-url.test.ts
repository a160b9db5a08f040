import { afterEach, describe, expect, it } from 'vitest';
import { imageUrl, setUploadsBase, uploadsBaseFor } from './image-url.ts';

describe('imageUrl', () => {
  it.each([
    ['demo/products/p01.webp', '/uploads/demo/products/p01.webp'],
    ['images/img/about-5.jpg', '/images/img/about-5.jpg'],
    ['https://cdn.example.tw/a.jpg', 'https://cdn.example.tw/a.jpg'],
    ['/uploads/x.webp', '/uploads/x.webp'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (key, expected) => {
    expect(imageUrl(key)).toBe(expected);
  });
});

describe('images on a file server (issue 23 item 3)', () => {
  afterEach(() => setUploadsBase(null));

  it.each([
    [undefined, '/uploads/'],
    ['', '/uploads/'],
    ['https://cdn.example.tw', 'https://cdn.example.tw/uploads/'],
    ['https://cdn.example.tw/', 'https://cdn.example.tw/uploads/'],
    ['not a url', '/uploads/'],
  ])('FILE_SERVER_URL %s serves uploads from %s', (setting, base) => {
    expect(uploadsBaseFor(setting)).toBe(base);
  });

  it('builds upload URLs on the file server, and leaves the shop’s own images alone', () => {
    setUploadsBase(uploadsBaseFor('https://cdn.example.tw'));
    expect(imageUrl('demo/products/p 01.webp')).toBe('https://cdn.example.tw/uploads/demo/products/p%2001.webp');
    expect(imageUrl('images/img/about-5.jpg')).toBe('/images/img/about-5.jpg');
  });

  it('refuses a base that is neither the shop’s path nor http(s)', () => {
    setUploadsBase('javascript:alert(1)//');
    expect(imageUrl('a.webp')).toBe('/uploads/a.webp');
  });
});
