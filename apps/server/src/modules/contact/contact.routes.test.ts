import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index.ts';
import { guestAuthorization } from '../../plugins/access.ts';
import { expectGuestCredentialRefused, fieldsNamed } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let guestAuth: string;
const valid = {
  name: '王小明',
  phone: '0912345678',
  email: 'ming.wang@example.com.tw',
  content: '請問禮盒可以指定到貨日嗎？',
};

beforeAll(async () => {
  t = await createTestApp();
  guestAuth = guestAuthorization(t.config.GUEST_BASIC_USER, t.config.GUEST_BASIC_PASSWORD);
});

afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** Each test sends from its own address, so the per-IP limit of one test never touches another. */
let nextHost = 1;
function sender() {
  const ip = `203.0.113.${nextHost++}`;
  return (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact-us',
      headers: { authorization: guestAuth },
      remoteAddress: ip,
      payload: payload as object,
    });
}

describe('POST /contact-us', () => {
  it('stores the message with the sender IP and answers 201 with its id', async () => {
    const res = await sender()(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ code: 201, data: { id: expect.any(Number) } });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.data.id));
    expect(row).toMatchObject({ ...valid, ip: '203.0.113.1', readAt: null });
  });

  it('accepts a message from a member with a token', async () => {
    const res = await t.asMember(7, 'POST', '/api/v1/contact-us', valid);
    expect(res.statusCode).toBe(201);
  });

  it('trims the fields before storing', async () => {
    const res = await sender()({ ...valid, name: '  陳美玲  ' });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().data.id));
    expect(row!.name).toBe('陳美玲');
  });

  it('accepts content of exactly 200 characters', async () => {
    expect((await sender()({ ...valid, content: '好'.repeat(200) })).statusCode).toBe(201);
  });

  it.each([
    ['a bad email', { ...valid, email: 'ming@example' }, 'email', '請輸入正確的 Email 格式'],
    [
      'an email with a 5-letter top-level domain',
      { ...valid, email: 'ming@example.abcde' },
      'email',
      '請輸入正確的 Email 格式',
    ],
    ['content of 201 characters', { ...valid, content: '好'.repeat(201) }, 'content', '最多 200 字'],
    ['a 10 kB name', { ...valid, name: '名'.repeat(10_240) }, 'name', '最多 50 字'],
    ['an empty name', { ...valid, name: '   ' }, 'name', '此欄位為必填'],
    ['a missing phone', { name: valid.name, email: valid.email, content: valid.content }, 'phone', '此欄位為必填'],
    ['a number for content', { ...valid, content: 12345 }, 'content', '此欄位為必填'],
  ])('answers 400 with the field error for %s', async (_label, payload, field, msg) => {
    const res = await sender()(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '輸入資料有誤', errors: expect.arrayContaining([{ field, msg }]) });
  });

  it.each([
    ['a Taiwan landline with dashes', { phone: '02-2345-6789' }, '0223456789'],
    ['a Hong Kong number', { phone_region: 'HK', phone: '9123 4567' }, '+852 91234567'],
    ['a mainland China mobile', { phone_region: 'CN', phone: '13812345678' }, '+86 13812345678'],
    ['a Malaysian mobile', { phone_region: 'ML', phone: '123456789' }, '+60 123456789'],
  ])('accepts %s and stores it as the shop dials it (issue 23 item 2)', async (_label, fields, stored) => {
    const res = await sender()({ ...valid, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().data.id));
    expect(row!.phone).toBe(stored);
  });

  it.each([
    ['letters for a phone', { phone: 'call me' }, '請輸入正確的台灣電話號碼，例如 0912345678 或 02-2345-6789'],
    [
      'a Taiwan mobile sent as Hong Kong',
      { phone_region: 'HK', phone: '0912345678' },
      '請輸入正確的香港電話號碼（5、6 或 9 開頭共 8 碼）',
    ],
    [
      'a short China number',
      { phone_region: 'CN', phone: '1381234' },
      '請輸入正確的中國大陸手機號碼（1 開頭共 11 碼）',
    ],
  ])('refuses %s on the phone field', async (_label, fields, message) => {
    const res = await sender()({ ...valid, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'phone', msg: message }]);
  });

  it('refuses an unknown region', async () => {
    const res = await sender()({ ...valid, phone_region: 'JP' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'phone_region', msg: '請選擇電話地區' });
  });

  it('rejects an unknown field', async () => {
    const res = await sender()({ ...valid, is_admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '輸入資料有誤', errors: [{ msg: '包含不接受的欄位' }] });
  });

  it('lists every missing field of an empty body', async () => {
    const res = await sender()({});
    expect(fieldsNamed(res)).toEqual(['content', 'email', 'name', 'phone']);
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a form body', 'name=x', 'text/plain'],
  ])('answers a 4xx envelope for %s, never 500', async (_label, payload, contentType) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact-us',
      headers: { authorization: guestAuth, 'content-type': contentType },
      remoteAddress: '198.51.100.1',
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: res.statusCode, msg: expect.any(String) });
  });

  it('refuses a guest without the Basic credential', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/guest/contact-us', payload: valid });
    expectGuestCredentialRefused(res);
  });

  it('refuses a request without any credential on the member path', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/contact-us', payload: valid })).statusCode).toBe(401);
  });
});

describe('rate limit: 10 messages per 10 minutes per IP', () => {
  it('answers 429 to the 11th message from one IP, invalid ones counted too', async () => {
    const send = sender();
    for (let i = 0; i < 9; i++) expect((await send(valid)).statusCode).toBe(201);
    expect((await send({ ...valid, email: 'bad' })).statusCode).toBe(400);
    const res = await send(valid);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: '請求過於頻繁，請稍後再試' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not limit another IP', async () => {
    const first = sender();
    for (let i = 0; i < 11; i++) await first(valid);
    expect((await sender()(valid)).statusCode).toBe(201);
  });

  it('allows the IP again once 10 minutes have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T04:00:00Z') });
    const send = sender();
    for (let i = 0; i < 10; i++) await send(valid);
    expect((await send(valid)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-06-01T04:09:59Z'));
    expect((await send(valid)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-06-01T04:10:01Z'));
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('does not count a guest refused for a wrong credential', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 12; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/guest/contact-us', remoteAddress: ip, payload: valid });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact-us',
      headers: { authorization: guestAuth },
      remoteAddress: ip,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
  });
});
