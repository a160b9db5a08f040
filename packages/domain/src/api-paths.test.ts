import { describe, expect, it } from 'vitest';
import { isExemptApiPath } from './api-paths.ts';

describe('isExemptApiPath (spec §6)', () => {
  it.each([
    ['/api/v1/members/auth', true],
    ['/api/v1/members/auth/refresh', true],
    ['/api/v1/members-signup', true],
    ['/api/v1/products-preview/3', true],
    ['/api/v1/members-forgot-password/reset', true],
    ['/api/v1/ecpay-payment/notify', true],
    ['/api/v1/get-member-register-verifacation-code/0912345678', true],
    ['/api/v1/login', true],
    // The words in a query or in a longer segment are not the path.
    ['/api/v1/search?keyword=login', false],
    ['/api/v1/search?keyword=ecpay-payment', false],
    ['/api/v1/products?name=members-signup#x', false],
    ['/api/v1/login-history', false],
    ['/api/v1/members', false],
    ['/api/v1/members/3', false],
    ['/api/v1/guest/login', false],
    ['/uploads/login.webp', false],
  ])('%s → %s', (path, exempt) => {
    expect(isExemptApiPath(path)).toBe(exempt);
  });
});
