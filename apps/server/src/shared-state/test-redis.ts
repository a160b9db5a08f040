// The Redis the tests share state through: the machine's own (REDIS_URL, else the local default).
// Tests of shared limits and change notices run against a real server, never a stand-in.
import type { RedisConnection } from './redis-connection.ts';

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** Resolves once `redis` can take commands; a clear failure when no server answers. */
export async function untilReady(redis: RedisConnection, timeoutMs = 5_000): Promise<void> {
  if (redis.ready()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Redis at ${testRedisUrl()} did not answer in ${timeoutMs} ms (start it: see README)`)),
      timeoutMs,
    );
    redis.client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
