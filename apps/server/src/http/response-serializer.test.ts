import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const schema = z.object({ code: z.number(), data: z.object({ id: z.number(), name: z.string() }) });
const route = { schema, method: 'GET', url: '/things/:id', httpPart: 'body', httpStatus: '200' } as const;

describe('responseSerializer', () => {
  it('writes a reply that matches its schema', () => {
    const serialize = responseSerializer({ strict: true })(route);
    expect(serialize({ code: 200, data: { id: 1, name: '面膜' } })).toBe('{"code":200,"data":{"id":1,"name":"面膜"}}');
  });

  it('refuses a reply that breaks its schema, naming the route', () => {
    const serialize = responseSerializer({ strict: false })(route);
    expect(() => serialize({ code: 200, data: { id: '1', name: '面膜' } })).toThrow(/GET \/things\/:id/);
  });

  it('leaves out undeclared fields in production', () => {
    const serialize = responseSerializer({ strict: false })(route);
    expect(serialize({ code: 200, data: { id: 1, name: '面膜', password_hash: 'x' } })).toBe(
      '{"code":200,"data":{"id":1,"name":"面膜"}}',
    );
  });

  it('names an undeclared field in tests instead of dropping it', () => {
    const serialize = responseSerializer({ strict: true })(route);
    expect(() => serialize({ code: 200, data: { id: 1, name: '面膜', stock: 3 } })).toThrow(/\$\.data\.stock/);
  });
});
