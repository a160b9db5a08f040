import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './complete-login.ts';

describe('afterLoginPath', () => {
  it.each([
    ['', '/member'],
    ['?redirect=/cart', '/cart'],
    ['?redirect=%2Fcart%3Fcode%3DK', '/cart?code=K'],
    ['?redirect=%2Fmember%2Forders%3Fpage%3D2', '/member/orders?page=2'],
    ['?redirect=%2Fproducts%2F3%23spec', '/products/3#spec'],
    ['?redirect=//evil.example', '/member'],
    ['?redirect=/\\evil.example', '/member'],
    ['?redirect=https://evil.example', '/member'],
    ['?redirect=javascript:alert(1)', '/member'],
    // issue 22: browsers drop tab, LF and CR, so these would be followed as `//example.com`
    ['?redirect=/%09/example.com', '/member'],
    ['?redirect=/%0a/x', '/member'],
    ['?redirect=/%0d/x', '/member'],
    ['?redirect=/%0d%0a/example.com', '/member'],
    ['?redirect=/%E2%80%A8/example.com', '/member'],
    ['?redirect=%2F%2Fexample.com', '/member'],
    ['?redirect=/%252F%252Fexample.com', '/member'],
    ['?redirect=/..//example.com', '/member'],
    ['?redirect=/+/example.com', '/member'],
    [`?redirect=/${'a'.repeat(2000)}`, '/member'],
    // never back to a login page
    ['?redirect=/login', '/member'],
    ['?redirect=/login/register', '/member'],
    ['?redirect=/Login%3Fredirect%3D%2Fcart', '/member'],
    ['?redirect=/loginx', '/loginx'],
  ])('%s → %s', (search, path) => {
    expect(afterLoginPath(search)).toBe(path);
  });
});
