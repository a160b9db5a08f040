import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCache } from './response-cache.ts';

// A shop of two cached routes that count how often they do the work a kept answer saves.
const cache = new ResponseCache();
const computed = { list: 0, detail: 0 };
const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.get(
  '/products',
  {
    schema: {
      querystring: z.object({
        page: z.coerce.number().int().min(1).default(1),
        sort: z.enum(['new', 'price']).optional(),
      }),
    },
  },
  (req, reply) =>
    cache.reply(req, reply, async () => {
      computed.list += 1;
      return { data: [{ page: req.query.page, sort: req.query.sort ?? null }], total: 40 };
    }),
);
app.get('/products/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, (req, reply) =>
  cache.reply(req, reply, async () => {
    computed.detail += 1;
    return { data: { id: req.params.id } };
  }),
);

beforeAll(() => app.ready());
afterAll(() => app.close());

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('ResponseCache keys', () => {
  it('keeps one answer whatever junk, order or defaults the query carries', async () => {
    const before = computed.list;
    const first = await get('/products?page=1&sort=new');
    for (const url of [
      '/products?sort=new&page=1',
      '/products?page=1&sort=new&x=7f3a9',
      '/products?page=01&sort=new&utm_source=line',
      '/products?sort=new',
    ]) {
      const res = await get(url);
      expect(res.body).toBe(first.body);
      expect(res.headers['x-total-count']).toBe('40');
    }
    expect(computed.list - before).toBe(1);
  });

  it('keeps apart the answers of different values the route reads', async () => {
    const before = computed.list;
    const one = await get('/products?page=2');
    const two = await get('/products?page=2&sort=price');
    expect(JSON.parse(one.body).data).toEqual([{ page: 2, sort: null }]);
    expect(JSON.parse(two.body).data).toEqual([{ page: 2, sort: 'price' }]);
    expect(computed.list - before).toBe(2);
  });

  it('reads no query on a route that declares none, and keys on the params', async () => {
    const before = computed.detail;
    await get('/products/5');
    await get('/products/5?junk=1');
    await get('/products/%35');
    expect(computed.detail - before).toBe(1);
    await get('/products/6');
    expect(computed.detail - before).toBe(2);
  });

  it('peeks by a URL it answered, and by nothing else', async () => {
    await get('/products?page=3&x=1');
    expect(cache.peek('/products?page=3&x=1')?.total).toBe(40);
    expect(cache.peek('/products?page=3&x=2')).toBeUndefined();
    cache.clear();
    expect(cache.peek('/products?page=3&x=1')).toBeUndefined();
  });
});

describe('ResponseCache switched off', () => {
  it('does the work for every request and keeps nothing to peek at', async () => {
    const off = new ResponseCache(0);
    const shop = Fastify().withTypeProvider<ZodTypeProvider>();
    shop.setValidatorCompiler(validatorCompiler);
    let works = 0;
    shop.get('/tags', (req, reply) => off.reply(req, reply, async () => ({ data: [++works] })));
    await shop.ready();
    expect((await shop.inject({ url: '/tags' })).body).toBe('{"code":200,"data":[1]}');
    expect((await shop.inject({ url: '/tags' })).body).toBe('{"code":200,"data":[2]}');
    expect(off.peek('/tags')).toBeUndefined();
    await shop.close();
  });
});
