// HTTP load with autocannon: a warm-up run (discarded), then the measured run. The load generator
// runs in a worker thread so that it never shares an event loop with the in-process bare server;
// every target measured this way sees the same client.
import fs from 'node:fs';
import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request hooks (autocannon `requests`), e.g. to chain single-use tokens from answer to request. */
  requests?: Options['requests'];
  /** The measured server's process: its CPU time over the measured run is divided among its requests. */
  serverPid?: number;
}

export interface LoadResult {
  connections: number;
  /** Mean of the per-second request counts of the measured run. */
  reqPerSec: number;
  /** 2xx answers per second of the measured run (goodput: what shoppers were served). */
  okPerSec?: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  totalRequests: number;
  statusCodes: Record<string, number>;
  /** The server process's CPU time (all its threads) over the measured run, per request; Linux only. */
  cpuMsPerRequest?: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux the shop runs on). */
const TICKS_PER_SECOND = 100;

/** A process's user + system CPU time in ms, all threads counted, or undefined off Linux. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1') throw new Error(`refusing to load ${url}: the bench only targets 127.0.0.1`);
}

async function run(opts: Options, durationSeconds: number): Promise<Result> {
  const instance = autocannon(opts);
  // autocannon stops by itself after `duration`; this is the backstop should it ever not.
  const guard = setTimeout(() => instance.stop(), (durationSeconds + 30) * 1_000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

export async function measureLoad(opts: LoadOptions): Promise<LoadResult> {
  assertLocal(opts.url);
  const base: Options = {
    url: opts.url,
    connections: opts.connections,
    workers: 1,
    timeout: 10,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? {},
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    ...(opts.requests ? { requests: opts.requests } : {}),
  };
  if (opts.warmupSeconds > 0) await run({ ...base, duration: opts.warmupSeconds }, opts.warmupSeconds);
  const cpuBefore = processCpuMs(opts.serverPid);
  const r = await run({ ...base, duration: opts.durationSeconds }, opts.durationSeconds);
  const cpuAfter = processCpuMs(opts.serverPid);
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    connections: opts.connections,
    reqPerSec: r.requests.average,
    okPerSec: (r['2xx'] ?? 0) / (r.duration || opts.durationSeconds),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    totalRequests: r.requests.total,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    ...(cpuMs !== undefined && r.requests.total > 0 ? { cpuMsPerRequest: cpuMs / r.requests.total } : {}),
  };
}
