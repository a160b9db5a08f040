import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, isPageOrBelow, sameOriginPath } from './same-origin-path.ts';

describe('sameOriginPath', () => {
  it.each([
    ['/cart?code=K', '/cart?code=K'],
    ['/products/3#spec', '/products/3#spec'],
    ['/member/orders?page=2', '/member/orders?page=2'],
    ['/', '/'],
    ['/searching?keyword=%E8%8C%B6', '/searching?keyword=%E8%8C%B6'],
    // normalised the way the browser will read it
    ['/searching?keyword=茶', '/searching?keyword=%E8%8C%B6'],
    ['/member/../cart', '/cart'],
    ['/a%2Fb', '/a%2Fb'],
  ])('keeps %j as %j', (value, path) => {
    expect(sameOriginPath(value)).toBe(path);
  });

  it.each([
    // another origin, written plainly
    '//example.com',
    '///example.com',
    'https://example.com',
    'http:/example.com',
    'javascript:alert(1)',
    'data:text/html,x',
    'example.com',
    // browsers drop tab, LF and CR: `/\t/example.com` is followed as `//example.com`
    '/\t/example.com',
    '/\n/x',
    '/\r/x',
    '/\r\n/example.com',
    '\t//example.com',
    ' /cart',
    '/cart\n',
    // browsers read `\` as `/`
    '/\\example.com',
    '\\/example.com',
    '\\\\example.com',
    '/cart\\..\\\\example.com',
    // `%2F%2Fexample.com` and friends after the query was decoded
    '%2F%2Fexample.com',
    '/%2F/example.com',
    '/%2f%2fexample.com',
    '/%5C/example.com',
    // dot segments that collapse into `//`
    '/..//example.com',
    '/.//example.com',
    '/%2e%2e//example.com',
    // other controls, spaces and separators
    '/ /example.com',
    '/\u0000/example.com',
    '/\u001f',
    '/\u007f',
    '/\u0085/example.com',
    '/\u00a0/example.com',
    '/\u2028/example.com',
    '/\u2029/example.com',
    '/\u3000/example.com',
    '/\ufeff/example.com',
    // nothing, or too much
    '',
    null,
    undefined,
    `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`,
    `/${'茶'.repeat(300)}`,
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it('takes a path as long as the limit', () => {
    const path = `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`;
    expect(sameOriginPath(path)).toBe(path);
  });
});

describe('isPageOrBelow', () => {
  it.each([
    ['/login', '/login', true],
    ['/login/register', '/login', true],
    ['/login?redirect=/cart', '/login', true],
    ['/login#form', '/login', true],
    ['/LOGIN', '/login', true],
    ['/%6Cogin', '/login', true],
    ['/loginx', '/login', false],
    ['/member', '/login', false],
    ['/admin/orders', '/admin', true],
    ['/administrator', '/admin', false],
    ['/%E0%A4%A', '/login', false],
  ])('%s under %s: %s', (path, page, under) => {
    expect(isPageOrBelow(path, page)).toBe(under);
  });
});
