// Issue 37 item 5: a process with its fill of requests still serves what it keeps in memory, and a
// request past the fill waits a moment for a turn before it is turned away. The storefront's real
// route modules on a listening server; two half-sent posts hold the two turns the process takes.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSpecs, products } from '../db/schema/index.ts';
import { guestAuthorization } from '../plugins/access.ts';
import { storefrontBuild } from '../test/storefront-build.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let base = '';
let teaPage = '';
let otherPage = '';
const held: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    web: await storefrontBuild(),
    env: { PAGE_CACHE_SECONDS: '60', SHED_IN_FLIGHT: '2', SHED_QUEUE_WAIT_MS: '1500' },
  });
  const [tea, cake] = await t.db
    .insert(products)
    .values([
      { name: '阿里山烏龍茶', price: 600, onSalePrice: 480 },
      { name: '鳳梨酥禮盒', price: 450, onSalePrice: 420 },
    ])
    .returning();
  await t.db.insert(productSpecs).values([
    { productId: tea!.id, name: '75g', price: 600, onSalePrice: 480 },
    { productId: cake!.id, name: '12 入', price: 450, onSalePrice: 420 },
  ]);
  teaPage = `/products?sn=${tea!.id}`;
  otherPage = `/products?sn=${cake!.id}`;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await t?.close();
});

const load = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { accept: 'text/html', ...headers } });

/** A post whose body never comes: the process counts it as work in hand until the socket closes. */
function holdATurn(): net.Socket {
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
  socket.write('POST /contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/x-www-form-urlencoded\r\n');
  socket.write('Content-Length: 100\r\n\r\nname=');
  held.push(socket);
  return socket;
}

describe('a process with its fill of requests in hand (issue 37 item 5)', () => {
  it('serves a kept page and a kept catalogue answer to every guest, and queues or refuses the rest', async () => {
    // The page cache keeps a page the second time it is asked for within its time to live.
    for (let i = 0; i < 2; i++) expect((await load(teaPage)).status).toBe(200);
    const api = { authorization: guestAuthorization(t.config.GUEST_BASIC_USER, t.config.GUEST_BASIC_PASSWORD) };
    expect((await load('/api/v1/guest/products', api)).status).toBe(200);

    const first = holdATurn();
    holdATurn();
    // Once both turns are held, a page nobody keeps waits its 1.5 s and is turned away with a page.
    let refused: Response | undefined;
    await expect
      .poll(
        async () => {
          refused = await load(otherPage);
          return refused.status;
        },
        { timeout: 20_000 },
      )
      .toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('2');
    const refusal = await refused!.text();
    expect(refusal).toContain('目前人潮眾多');
    expect(refusal).toContain('<meta http-equiv="refresh" content="2">');

    const kept = await Promise.all(Array.from({ length: 30 }, () => load(teaPage)));
    expect(kept.map((res) => res.status)).toEqual(Array(30).fill(200));
    expect(await kept[0]!.text()).toContain('阿里山烏龍茶');
    expect((await load('/api/v1/guest/products', api)).status).toBe(200);

    // A request that waits gets the turn a finished one leaves.
    const waiting = load(otherPage);
    setTimeout(() => first.destroy(), 200);
    const served = await waiting;
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('鳳梨酥禮盒');
  });
});
