// deploy/nginx/shop.conf as shipped, run by Debian's nginx in front of two app processes on one
// database: TLS, the redirect to https, assets from disk, and a process lost without losing requests.
// Only what a machine differs in is replaced (nginx-config.ts): ports, certificate, paths.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { NGINX_BINARY, nginxArgs, writeNginxConfig, writeSelfSignedCertificate } from './nginx-config.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { headers, rejectUnauthorized: false, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

async function untilAnswering(url: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await get(url);
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const GUEST = `Basic ${Buffer.from('guest:guest-storefront').toString('base64')}`;

describe('deploy/nginx/shop.conf in front of two processes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  let apps: TestApp[];
  let nginx: ChildProcess;
  let httpPort: number;
  let httpsPort: number;
  const asset = 'entry.client-Ab12Cd34.js';
  const assetBody = `console.log(${JSON.stringify('x'.repeat(2_000))});`;

  beforeAll(async () => {
    const env = { TRUST_PROXY: '127.0.0.1' };
    const first = await createTestApp({ env });
    apps = [first, await createTestApp({ env, database: first.database })];
    const ports: number[] = [];
    for (const t of apps) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      ports.push((t.app.server.address() as net.AddressInfo).port);
    }
    [httpPort, httpsPort] = [await freePort(), await freePort()];

    // A self-signed certificate for the test's host name, and a built storefront's asset folder.
    writeSelfSignedCertificate(dir, 'shop.example.tw');
    // nginx's workers run as an unprivileged user: they must reach the files as on a server.
    fs.chmodSync(dir, 0o755);
    const client = path.join(dir, 'srv/apps/web/build/client/assets');
    fs.mkdirSync(client, { recursive: true });
    fs.writeFileSync(path.join(client, asset), assetBody);
    fs.writeFileSync(path.join(client, `${asset}.gz`), zlib.gzipSync(assetBody));

    writeNginxConfig({
      dir,
      httpPort,
      httpsPort,
      upstreamPorts: [...ports, ...ports],
      certDir: dir,
      repositoryDir: `${dir}/srv/`,
    });
    execFileSync(NGINX_BINARY, nginxArgs(dir, 'test'), { stdio: 'pipe' });
    nginx = spawn(NGINX_BINARY, nginxArgs(dir, 'run'), { stdio: 'ignore' });
    await untilAnswering(`https://127.0.0.1:${httpsPort}/livez`);
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const t of [...(apps ?? [])].reverse()) await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends plain http to https', async () => {
    const res = await get(`http://127.0.0.1:${httpPort}/products?t=1`, { host: 'shop.example.tw' });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://shop.example.tw/products?t=1');
  });

  it('ends TLS and passes API requests to the app', async () => {
    const res = await get(`https://127.0.0.1:${httpsPort}/api/v1/guest/products`, { authorization: GUEST });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).data).toEqual([]);
    expect((await get(`https://127.0.0.1:${httpsPort}/healthz`)).status).toBe(200);
  });

  it("names each request by nginx's $request_id, never by the id a client sent", async () => {
    const res = await get(`https://127.0.0.1:${httpsPort}/api/v1/nowhere`, { 'x-request-id': 'made-up-by-a-client' });
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('serves hashed assets itself, precompressed and immutable', async () => {
    const res = await get(`https://127.0.0.1:${httpsPort}/assets/${asset}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(res.body).toString()).toBe(assetBody);
  });

  it('keeps answering when one process is gone', async () => {
    await apps[1]!.app.close();
    for (let i = 0; i < 6; i++) {
      const res = await get(`https://127.0.0.1:${httpsPort}/api/v1/guest/products`, { authorization: GUEST });
      expect(res.status).toBe(200);
    }
  });
});
