import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.server.ts';

describe('utf8Bytes', () => {
  it.each([
    ['ASCII', '<p>hello</p>'],
    ['Chinese', '<p>好日子選物，滿NT$1,500免運</p>'],
    ['a character outside the BMP', '<p>𠮷野家 🍵</p>'],
    ['an empty page', ''],
  ])('encodes %s as Buffer.from does', (_name, text) => {
    expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });

  it('gives each page a buffer of its own, exactly its size, that a later page does not overwrite', () => {
    const first = utf8Bytes('第一頁');
    const second = utf8Bytes('第二頁，長一點的頁面'.repeat(50_000));
    expect(first.toString()).toBe('第一頁');
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.byteLength);
    expect(second.toString()).toBe('第二頁，長一點的頁面'.repeat(50_000));
  });
});
