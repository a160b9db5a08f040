// Redis going away and coming back, on a Redis server of this test's own (the shared one must stay up
// for the other tests): limits keep counting in the process meanwhile, the outage is logged once,
// and the counters are shared again once Redis answers.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { connectRedis } from './redis-connection.ts';
import { SharedFailureLimiter } from './shared-failure-limiter.ts';
import { untilReady } from './test-redis.ts';

function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

async function untilListening(port: number) {
  for (let tries = 0; ; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (tries > 100) throw new Error(`redis-server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a limiter whose Redis goes away and comes back', () => {
  const lines: string[] = [];
  const log = { info: (_: object, msg: string) => lines.push(msg), warn: (_: object, msg: string) => lines.push(msg) };
  let server: ChildProcess;
  const stopServer = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });
  let close = async () => {};
  afterAll(async () => {
    await close();
    await stopServer();
  });

  it('counts in memory while Redis is away, says so once, and shares again when it returns', async () => {
    const port = await freePort();
    server = startRedis(port);
    await untilListening(port);
    const redis = connectRedis(`redis://127.0.0.1:${port}`, log, 'outage test');
    close = () => redis.close();
    await untilReady(redis);
    const limiter = new SharedFailureLimiter(redis, 'outage', { max: 3, windowMs: 60_000 });
    const now = Date.now();
    for (let i = 1; i <= 3; i++) expect(await limiter.fail('10.0.0.1', now)).toBe(i);
    expect(await limiter.blockedFor('10.0.0.1', now)).toBe(60_000);

    await stopServer();
    await until(() => !redis.ready(), 5_000);
    // The process's own counter takes over at once: no error, no wait, still limiting.
    for (let i = 1; i <= 20; i++) expect(await limiter.fail('10.0.0.2', now)).toBe(i);
    expect(await limiter.blockedFor('10.0.0.2', now)).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);

    server = startRedis(port);
    await until(() => lines.some((line) => line.includes('Redis is back')), 10_000);
    expect(await limiter.fail('10.0.0.3', now)).toBe(1);
    const direct = new Redis(port, '127.0.0.1');
    try {
      expect(await direct.hget('shop:limit:outage:10.0.0.3', 'count')).toBe('1');
    } finally {
      direct.disconnect();
    }
  });
});
