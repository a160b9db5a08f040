import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from './messages.ts';
import {
  cancelRequestFormSchema,
  contactUsSchema,
  idParam,
  keywordQuery,
  normalizeKeyword,
  pageQuery,
  returnRequestFormSchema,
  searchQuery,
  transferNoticeSchema,
} from './schemas.ts';

/** The first issue's path and message, or 'ok'. */
function firstIssue(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) return 'ok';
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('idParam', () => {
  it.each([
    [{ id: '1' }, 1],
    [{ id: 42 }, 42],
    [{ id: '2147483647' }, 2147483647],
  ])('%j → %s', (input, id) => {
    expect(idParam.parse(input)).toEqual({ id });
  });

  it.each([
    { id: '0' },
    { id: '-1' },
    { id: '1.5' },
    { id: 'abc' },
    { id: '1e3' },
    { id: '' },
    { id: '2147483648' },
    {},
    { id: 1.5 },
  ])('rejects %j with invalidId', (input) => {
    expect(firstIssue(idParam, input)).toBe(`id: ${msg.invalidId}`);
  });
});

describe('contactUsSchema', () => {
  const ok = { name: '王小明', phone: '0912345678', email: 'ming@example.com.tw', content: '請問營業時間？' };
  it.each<[string, unknown, string]>([
    ['valid', ok, 'ok'],
    ['name missing', { ...ok, name: undefined }, `name: ${msg.required}`],
    ['name blank', { ...ok, name: '   ' }, `name: ${msg.required}`],
    ['name too long', { ...ok, name: 'a'.repeat(51) }, `name: ${msg.maxLength(50)}`],
    ['phone too long', { ...ok, phone: '1'.repeat(21) }, `phone: ${msg.maxLength(20)}`],
    ['phone landline ok', { ...ok, phone: '02-2345-6789' }, 'ok'],
    ['email malformed', { ...ok, email: 'ming@example' }, `email: ${msg.emailFormat}`],
    ['email long tld', { ...ok, email: 'ming@example.store' }, `email: ${msg.emailFormat}`],
    ['email empty', { ...ok, email: '' }, `email: ${msg.required}`],
    ['content 200', { ...ok, content: '字'.repeat(200) }, 'ok'],
    ['content 201', { ...ok, content: '字'.repeat(201) }, `content: ${msg.max200}`],
    ['unknown field', { ...ok, admin: true }, `: ${msg.unknownField}`],
    ['not an object', 'hello', `: ${msg.badRequest}`],
  ])('%s', (_name, input, expected) => {
    expect(firstIssue(contactUsSchema, input)).toBe(expected);
  });

  it('trims values', () => {
    expect(contactUsSchema.parse({ ...ok, name: ' 王小明 ', email: ' ming@example.com ' })).toMatchObject({
      name: '王小明',
      email: 'ming@example.com',
    });
  });
});

describe('normalizeKeyword / keywordQuery', () => {
  it.each([
    ['  面膜 ', '面膜'],
    [['精華液', '乳液'], '精華液'],
    [undefined, ''],
    [42, ''],
    ['a'.repeat(150), 'a'.repeat(100)],
    ['😀'.repeat(101), '😀'.repeat(100)],
  ])('normalizeKeyword case %#', (value, expected) => {
    expect(normalizeKeyword(value)).toBe(expected);
    expect(keywordQuery.parse({ keyword: value })).toEqual({ keyword: expected });
  });
});

describe('pageQuery / searchQuery', () => {
  it.each([
    [{ page: '3' }, 3],
    [{ page: 'x' }, 1],
    [{}, 1],
  ])('pageQuery %j → %s', (input, page) => {
    expect(pageQuery.parse(input)).toEqual({ page });
  });

  it('keywordQuery without keyword is empty', () => {
    expect(keywordQuery.parse({})).toEqual({ keyword: '' });
  });

  it('searchQuery keeps both', () => {
    expect(searchQuery.parse({ keyword: ' 茶 ', page: '2', code: 'ABC' })).toEqual({ keyword: '茶', page: 2 });
  });
});

describe('returnRequestFormSchema', () => {
  const ok = { contact_person: '王小明', contact_phone: '0912345678', spec: '乳液 x1', reason: '過敏', pic: ['a.jpg'] };
  it.each<[string, unknown, string]>([
    ['valid', ok, 'ok'],
    ['pic as JSON text', { ...ok, pic: '["a.jpg","b.jpg"]' }, 'ok'],
    ['phone format', { ...ok, contact_phone: '0212345678' }, `contact_phone: ${msg.mobileFormat}`],
    ['phone empty', { ...ok, contact_phone: '' }, `contact_phone: ${msg.required}`],
    ['spec too long', { ...ok, spec: 'x'.repeat(201) }, `spec: ${msg.max200}`],
    ['reason missing', { ...ok, reason: undefined }, `reason: ${msg.required}`],
    ['no pic', { ...ok, pic: [] }, `pic: ${msg.uploadAtLeastOne}`],
    ['pic missing', { ...ok, pic: undefined }, `pic: ${msg.uploadAtLeastOne}`],
    ['five pics', { ...ok, pic: ['1', '2', '3', '4', '5'] }, `pic: ${msg.uploadAtMost4}`],
  ])('%s', (_name, input, expected) => {
    expect(firstIssue(returnRequestFormSchema, input)).toBe(expected);
  });
});

describe('transferNoticeSchema', () => {
  it.each([
    ['12345', 'ok'],
    [' 12345 ', 'ok'],
    ['', `last_number_of_transfer: ${msg.required}`],
    ['1234', `last_number_of_transfer: ${msg.transferLength}`],
    ['123456', `last_number_of_transfer: ${msg.transferLength}`],
    ['12a45', `last_number_of_transfer: ${msg.transferLength}`],
  ])('%j → %s', (value, expected) => {
    expect(firstIssue(transferNoticeSchema, { last_number_of_transfer: value })).toBe(expected);
  });
});

describe('cancelRequestFormSchema', () => {
  it.each([
    [{ contact_phone: '02-12345678', reason: '買錯了' }, 'ok'],
    [{ contact_phone: '', reason: '買錯了' }, `contact_phone: ${msg.required}`],
    [{ contact_phone: '0912345678', reason: 'x'.repeat(201) }, `reason: ${msg.max200}`],
  ])('case %# → %s', (input, expected) => {
    expect(firstIssue(cancelRequestFormSchema, input)).toBe(expected);
  });
});
