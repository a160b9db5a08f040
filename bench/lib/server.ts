// Starts the built shop server (apps/server/dist/main.js) as a child process, waits for its first
// successful GET /healthz, and stops it again. Every started process is remembered so that
// stopAllServers() can end them on any failure path.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ServerHandle {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** Milliseconds from spawn to the first 200 from GET /healthz. */
  startupMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** Give up (and kill the process) when /healthz has not answered by then. */
  timeoutMs: number;
}

const running = new Set<ChildProcess>();
/** SIGTERM, then SIGKILL after this: a worker of several drains for SHUTDOWN_DRAIN_MS (10 s in production) first. */
const STOP_GRACE_MS = 20_000;

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Node flags the build in `dir` starts its server with, as its `npm start` does
 * (scripts/server-node-flags.mjs, docs/decisions/092); none for a build from before that file.
 */
async function serverNodeFlags(dir: string): Promise<readonly string[]> {
  const file = path.join(dir, 'scripts/server-node-flags.mjs');
  if (!fs.existsSync(file)) return [];
  const { SERVER_NODE_FLAGS } = (await import(pathToFileURL(file).href)) as { SERVER_NODE_FLAGS: readonly string[] };
  return SERVER_NODE_FLAGS;
}

export async function startServer(opts: StartOptions): Promise<ServerHandle> {
  const url = `http://127.0.0.1:${opts.port}`;
  const flags = await serverNodeFlags(opts.cwd);
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...flags, opts.entry], {
    cwd: opts.cwd,
    env: { ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);

  // Keep the tail of the output for the error message when the server does not come up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child);
      resolve();
    });
  });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exit;
    clearTimeout(timer);
  };

  const deadline = startedAt + opts.timeoutMs;
  while (performance.now() < deadline) {
    if (exited) {
      throw new Error(
        `server exited (code ${exited.code}, signal ${exited.signal}) before /healthz answered:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.ok) {
        return { url, port: opts.port, pid: child.pid ?? -1, startupMs: performance.now() - startedAt, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  await stop();
  throw new Error(`server did not answer /healthz within ${opts.timeoutMs} ms:\n${output}`);
}

/** Ends every server process this module started that is still running. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
