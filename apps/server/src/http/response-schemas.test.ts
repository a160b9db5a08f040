import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Routes still answering without a response schema (issue 15 item 3). The list only shrinks: a
 * route given a schema must leave it, and a new route must come with one.
 */
const STILL_WITHOUT_RESPONSE_SCHEMA = [
  'GET /api/v1/orders/{id}/payment',
  'GET /api/v1/orders/{id}/ecpay-checkout',
  'PUT /api/v1/orders-virtual-account',
  'POST /api/v1/shopping-carts',
  'PUT /api/v1/shopping-carts/{id}',
  'DELETE /api/v1/shopping-carts/{id}',
  'GET /api/v1/shopping-carts-by-members-id/{id}',
  'DELETE /api/v1/shopping-carts-by-members-id/{id}',
  'POST /api/v1/package-shopping-carts',
  'PUT /api/v1/package-shopping-carts/{id}',
  'DELETE /api/v1/package-shopping-carts/{id}',
  'GET /api/v1/package-shopping-carts-by-members-id/{memberId}',
  'DELETE /api/v1/package-shopping-carts-by-members-id/{memberId}',
  'POST /api/v1/orders-preview',
  'POST /api/v1/orders',
  'GET /api/v1/orders/{id}',
  'GET /api/v1/orders-by-members-id/{id}',
  'GET /api/v1/orders-by-members-id/{id}/start/{start}/end/{end}',
  'GET /api/v1/orders-by-members-id-and-order-number/member/{id}/number/{number}',
  'PUT /api/v1/orders/{id}/cancel',
  'PUT /api/v1/orders/{id}/last-number-of-transfer',
  'POST /api/v1/order-cancel-records',
  'POST /api/v1/order-return-records',
  'GET /api/v1/order-cancel-records-by-members-id/{id}',
  'GET /api/v1/order-return-records-by-members-id/{id}',
  'GET /api/v1/orders-by-members-cellphone/{phone}',
  'GET /api/v1/order-cancel-records-by-orders-cellphone/{phone}',
  'GET /api/v1/order-return-records-by-orders-cellphone/{phone}',
  'POST /api/v1/upload',
  'POST /api/v1/file-delete',
  'POST /api/v1/members/auth',
  'POST /api/v1/members/auth/refresh',
  'POST /api/v1/members/auth/logout',
  'GET /api/v1/members',
  'GET /api/v1/members/{id}',
  'PUT /api/v1/members/{id}',
  'PUT /api/v1/members/{id}/password',
  'POST /api/v1/members-exist',
  'GET /api/v1/members-hidden-name-by-account/{account}',
  'POST /api/v1/get-member-register-verifacation-code/{cellphone}',
  'POST /api/v1/members-signup',
  'POST /api/v1/members-forgot-password',
  'POST /api/v1/members-forgot-password/reset',
  'GET /api/v1/members-find-2-level-by-account/{account}',
  'GET /api/v1/members-find-2-level-by-account-with-calc-approve-revenue-bonus/{account}',
];

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes the reply of every route in /api/docs, but for the listed ones', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const without: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const described = Object.entries(operation.responses ?? {}).some(
          ([status, response]) => status.startsWith('2') && response.content !== undefined,
        );
        if (!described) without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without.sort()).toEqual([...STILL_WITHOUT_RESPONSE_SCHEMA].sort());
  });
});
