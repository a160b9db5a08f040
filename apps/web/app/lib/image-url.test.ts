import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url.ts';

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
