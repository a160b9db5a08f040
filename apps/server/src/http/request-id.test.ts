import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../logging.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerRequestIdHeader, requestIdFor, trustedPeer } from './request-id.ts';

const GENERATED = /^[0-9a-f]{32}$/;

type Line = Record<string, unknown>;
const collect = (lines: Line[]) => ({ write: (line: string) => lines.push(JSON.parse(line) as Line) });

describe('trustedPeer', () => {
  it.each([
    [false, '127.0.0.1', false],
    [1, '203.0.113.9', true],
    [0, '127.0.0.1', false],
    [['127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '::ffff:127.0.0.1', true],
    [['127.0.0.1'], '127.0.0.2', false],
    [['10.0.0.0/8'], '10.20.30.40', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['loopback'], '::1', true],
    [['uniquelocal'], '192.168.1.5', true],
    [['uniquelocal'], '8.8.8.8', false],
    [['127.0.0.1'], undefined, false],
  ] as const)('TRUST_PROXY %j trusts %s: %s', (setting, address, expected) => {
    expect(trustedPeer(setting as false | number | string[])(address)).toBe(expected);
  });
});

describe('requestIdFor', () => {
  const request = (header: string | string[] | undefined, remoteAddress = '127.0.0.1') =>
    ({ headers: { 'x-request-id': header }, socket: { remoteAddress } }) as unknown as IncomingMessage;
  const fromNginx = requestIdFor(['127.0.0.1']);

  it("keeps a trusted proxy's short token (nginx's $request_id, a UUID)", () => {
    expect(fromNginx(request('4f1c2e8a9b7d6c5e4f3a2b1c0d9e8f7a'))).toBe('4f1c2e8a9b7d6c5e4f3a2b1c0d9e8f7a');
    expect(fromNginx(request('0b6f8f1e-6b1d-4a43-9c1e-2f0c8d6e1a55'))).toBe('0b6f8f1e-6b1d-4a43-9c1e-2f0c8d6e1a55');
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['control characters', 'abc\u001b[31mred'],
    ['a line break', 'abc\ndef'],
    ['spaces', 'abc def'],
    ['empty', ''],
    ['sent twice', ['abc', 'def']],
    ['absent', undefined],
  ])('replaces an id that is %s', (_, header) => {
    expect(fromNginx(request(header))).toMatch(GENERATED);
  });

  it("never takes a shopper's own id", () => {
    expect(fromNginx(request('abc', '203.0.113.9'))).toMatch(GENERATED);
    expect(requestIdFor(false)(request('abc'))).toMatch(GENERATED);
  });

  it('makes a new id for every request', () => {
    const ids = new Set(Array.from({ length: 100 }, () => fromNginx(request(undefined))));
    expect(ids.size).toBe(100);
  });
});

describe('a request that fails on the server', () => {
  const lines: Line[] = [];
  const app = Fastify({ logger: loggerOptions('info', collect(lines)), genReqId: requestIdFor(['127.0.0.1']) });
  beforeAll(async () => {
    registerErrorHandling(app);
    registerRequestIdHeader(app);
    app.get('/api/v1/broken', async (req) => {
      req.log.info('working on it');
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 500 naming its id, and every line of it carries that id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/broken' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(GENERATED);
    const own = lines.filter((line) => line.reqId === id);
    expect(own.map((line) => line.msg)).toEqual([
      'incoming request',
      'working on it',
      'request failed',
      'request completed',
    ]);
    expect(lines.filter((line) => line.reqId !== id)).toEqual([]);
  });
});

describe('the request id in the app', () => {
  let t: TestApp;
  const lines: Line[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }, logStream: collect(lines) });
  });
  afterAll(() => t?.close());

  it("logs and answers with nginx's id", async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere', headers: { 'x-request-id': 'nginx0123' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('nginx0123');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.reqId === 'nginx0123')).toBe(true);
  });

  it('ignores an absurd id and never logs it', async () => {
    lines.length = 0;
    const absurd = `${'9'.repeat(300)}\u001b[2J`;
    const res = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': absurd } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(GENERATED);
    await t.app.inject({ method: 'GET', url: '/api/v1/nowhere', headers: { 'x-request-id': absurd } });
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('9'.repeat(65));
  });
});
