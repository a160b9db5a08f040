// The API's refusals as the tests of every module expect them: the zh-TW envelopes of the shop's
// error handler, written once.
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A 400 of the input envelope whose first error says `message` (the text, or a matcher of it). */
export function expectBadInput(res: Reply, message: unknown) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 400,
    msg: '輸入資料有誤',
    errors: [expect.objectContaining({ msg: message })],
  });
}

/** A 401 of a guest path asked without the storefront's Basic credential. */
export function expectGuestCredentialRefused(res: Reply) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 401, msg: '訪客憑證錯誤' });
}

/** A 400's errors as field → message. */
export const errorsByField = (res: Reply): Record<string, string> =>
  Object.fromEntries(((res.json().errors ?? []) as { field: string; msg: string }[]).map((e) => [e.field, e.msg]));

/** The fields a 400 names, sorted. */
export function fieldsNamed(res: Reply): string[] {
  expect(res.statusCode).toBe(400);
  return (res.json().errors as { field: string }[]).map((e) => e.field).sort();
}

/** A 201's record: its id, its version and the rest as the route answers them. */
export async function created(res: Reply) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number } & Record<string, unknown>;
}
