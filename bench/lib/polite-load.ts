// Load from clients that honour Retry-After, as browsers reloading the busy page and well-behaved
// apps do: a connection answered 503 with Retry-After waits that long before its next request.
// autocannon cannot wait (it sends the next request at once), so this loops, one loop per
// connection, over node:http with a keep-alive agent (fetch's own cost per request, at 100 loops,
// took CPU the measured server needed on a 2-core machine). Each request is the next of `nextRequest`.
import http from 'node:http';
import { percentile } from './checkout-load.ts';
import type { LoadResult } from './http-load.ts';

export interface PoliteRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PoliteLoadOptions {
  origin: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** The n-th request of the run (n counts from 0 over every connection). */
  nextRequest(n: number): PoliteRequest;
}

interface Tally {
  latenciesMs: number[];
  statusCodes: Record<string, number>;
  errors: number;
  ok: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request; answers its status and Retry-After (seconds, 0 when absent) once the body is read. */
function send(agent: http.Agent, origin: URL, req: PoliteRequest): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        path: req.path,
        method: req.method ?? 'GET',
        // No Accept-Encoding: uncompressed answers, as autocannon's requests get.
        headers: {
          ...req.headers,
          ...(req.body !== undefined ? { 'content-length': Buffer.byteLength(req.body) } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after']) || 0 }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

async function runFor(seconds: number, opts: PoliteLoadOptions): Promise<Tally> {
  const tally: Tally = { latenciesMs: [], statusCodes: {}, errors: 0, ok: 0 };
  const deadline = performance.now() + seconds * 1000;
  const origin = new URL(opts.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  let n = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const req = opts.nextRequest(n++);
      const started = performance.now();
      try {
        const { status, retryAfter } = await send(agent, origin, req);
        tally.latenciesMs.push(performance.now() - started);
        tally.statusCodes[status] = (tally.statusCodes[status] ?? 0) + 1;
        if (status >= 200 && status <= 299) tally.ok++;
        if (status === 503 && retryAfter > 0) {
          await sleep(Math.min(retryAfter * 1000, Math.max(0, deadline - performance.now())));
        }
      } catch {
        tally.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, loop));
  agent.destroy();
  return tally;
}

export async function measurePoliteLoad(opts: PoliteLoadOptions): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await runFor(opts.warmupSeconds, opts);
  const tally = await runFor(opts.durationSeconds, opts);
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  return {
    connections: opts.connections,
    reqPerSec: sorted.length / opts.durationSeconds,
    okPerSec: tally.ok / opts.durationSeconds,
    p50Ms: Math.ceil(percentile(sorted, 50)),
    p99Ms: Math.ceil(percentile(sorted, 99)),
    errors: tally.errors,
    non2xx: sorted.length - tally.ok,
    totalRequests: sorted.length,
    statusCodes: tally.statusCodes,
  };
}
