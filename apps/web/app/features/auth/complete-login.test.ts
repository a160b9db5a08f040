import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './complete-login.ts';

describe('afterLoginPath', () => {
  it.each([
    ['', '/member'],
    ['?redirect=/cart', '/cart'],
    ['?redirect=%2Fmember%2Forders%3Fpage%3D2', '/member/orders?page=2'],
    ['?redirect=//evil.example', '/member'],
    ['?redirect=/\\evil.example', '/member'],
    ['?redirect=https://evil.example', '/member'],
    ['?redirect=javascript:alert(1)', '/member'],
    ['?redirect=/login', '/member'],
  ])('%s → %s', (search, path) => {
    expect(afterLoginPath(search)).toBe(path);
  });
});
