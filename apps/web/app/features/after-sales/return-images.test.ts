import { describe, expect, it } from 'vitest';
import { COMPRESS_OPTIONS, timestampedName, withExtensionOf } from './return-images.ts';

describe('timestampedName', () => {
  it('prefixes the current time divided by 100 (spec §5)', () => {
    expect(timestampedName('IMG_0001.jpg', 1_736_900_000_123)).toBe('17369000001_IMG_0001.jpg');
  });

  it.each([
    ['C:\\Users\\ming\\破損照片.png', '17369000001_破損照片.png'],
    ['../../etc/passwd', '17369000001_passwd'],
    ['a b?.jpg', '17369000001_a_b_.jpg'],
    ['', '17369000001_image.jpg'],
  ])('keeps only a safe file name: %s', (name, expected) => {
    expect(timestampedName(name, 1_736_900_000_123)).toBe(expected);
  });
});

describe('withExtensionOf', () => {
  it.each([
    ['1_photo.png', 'image/jpeg', '1_photo.jpg'],
    ['1_photo.jpg', 'image/jpeg', '1_photo.jpg'],
    ['1_photo', 'image/webp', '1_photo.webp'],
    ['1_photo.heic', '', '1_photo.heic'],
  ])('%s as %s → %s', (name, type, expected) => {
    expect(withExtensionOf(name, type)).toBe(expected);
  });
});

it('compresses at quality 0.6 to at most 1920 px wide (spec §9)', () => {
  expect(COMPRESS_OPTIONS).toEqual({ quality: 0.6, maxWidth: 1920 });
});
