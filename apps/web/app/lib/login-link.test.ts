import { describe, expect, it } from 'vitest';
import { loginHref } from './login-link.ts';

describe('loginHref', () => {
  it.each([
    ['/cart?code=K', '/login?redirect=%2Fcart%3Fcode%3DK'],
    ['/member/orders', '/login?redirect=%2Fmember%2Forders'],
    ['//evil.example', '/login?redirect=%2F'],
    ['/\t/evil.example', '/login?redirect=%2F'],
    ['https://evil.example', '/login?redirect=%2F'],
  ])('%j → %s', (returnTo, href) => {
    expect(loginHref(returnTo)).toBe(href);
  });
});
