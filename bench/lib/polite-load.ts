// Load from clients that honour Retry-After, as browsers reloading the busy page and well-behaved
// apps do: a connection answered 503 with Retry-After waits that long before its next request.
// autocannon cannot wait (it sends the next request at once), so this loops, one loop per
// connection, over node:http with a keep-alive agent (fetch's own cost per request, at 100 loops,
// took CPU the measured server needed on a 2-core machine). Each request is the next of `nextRequest`.
import http from 'node:http';
import type { LoadResult } from './http-load.ts';
import { countAnswer, emptyTally, type Tally, warmUpAndMeasure } from './looped-load.ts';

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
  const tally = emptyTally();
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
        countAnswer(tally, status, performance.now() - started);
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
  const { result, tally } = await warmUpAndMeasure(opts, (seconds) => runFor(seconds, opts));
  // Goodput: a 503 with Retry-After is what these clients wait on, so the 2xx rate is what counts.
  return { ...result, okPerSec: tally.ok / opts.durationSeconds };
}
