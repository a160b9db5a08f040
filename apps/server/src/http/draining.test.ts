import Fastify from 'fastify';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDraining, SERVE_WHILE_CLOSING, type Draining } from './draining.ts';

/** GET over `agent`; answers the status, the Connection header and the socket it went on. */
function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; socket: net.Socket }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, socket: req.socket! }),
      );
    });
    req.on('error', reject);
  });
}

describe('a worker draining before it stops', () => {
  const app = Fastify();
  let draining: Draining;
  let url = '';
  beforeAll(async () => {
    draining = registerDraining(app);
    app.get('/products', async () => 'page');
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/products`;
  });
  afterAll(() => app.close());

  it('keeps connections open until it drains, then answers on and closes each connection after its answer', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(url, agent);
    expect(first.status).toBe(200);
    expect(first.connection).toBe('keep-alive');
    const second = await get(url, agent);
    expect(second.socket).toBe(first.socket);

    const drained = draining.drain(50);
    const during = await get(url, agent);
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');
    await new Promise((resolve) => during.socket.once('close', resolve));

    await drained;
    const after = await get(url, agent);
    expect(after.status).toBe(200);
    expect(after.socket).not.toBe(first.socket);
    expect(after.connection).toBe('close');
    agent.destroy();
  });
});

describe('a worker closing', () => {
  it('answers a request that arrives on a connection it still holds, instead of a bare 503', async () => {
    const app = Fastify(SERVE_WHILE_CLOSING);
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((started) => {
      app.get('/slow', async () => {
        started();
        await new Promise<void>((resolve) => (releaseSlow = resolve));
        return 'slow';
      });
    });
    app.get('/products', async () => 'page');
    const { port } = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    await new Promise((resolve) => socket.once('connect', resolve));

    // One request in hand, the next already sent on the same connection (as nginx may do).
    socket.write('GET /slow HTTP/1.1\r\nHost: shop\r\n\r\n');
    await slowStarted;
    const secondArrived = new Promise<void>((arrived) =>
      app.server.on('request', (req: http.IncomingMessage) => req.url === '/products' && arrived()),
    );
    const closed = app.close();
    socket.write('GET /products HTTP/1.1\r\nHost: shop\r\n\r\n');
    await secondArrived;
    const ended = new Promise((resolve) => socket.once('close', resolve));
    releaseSlow();
    await closed;
    await ended;

    const statuses = received.match(/HTTP\/1\.1 \d{3}/g);
    expect(statuses).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(received).toContain('page');
    socket.destroy();
  });
});
