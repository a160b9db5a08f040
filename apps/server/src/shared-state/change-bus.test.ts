// The Redis change bus on the machine's Redis: no notice is lost to a connection still being made.
// Other test files announce on the same channel, so these wait for "at least one more", never "exactly".
import { afterEach, expect, it } from 'vitest';
import { redisChangeBus, type ChangeBus } from './change-bus.ts';
import { connectRedis, type RedisConnection } from './redis-connection.ts';
import { testRedisUrl, untilReady } from './test-redis.ts';

const quiet = { info() {}, warn() {} };
const opened: Array<{ bus: ChangeBus; publisher: RedisConnection }> = [];

afterEach(async () => {
  for (const { bus, publisher } of opened.splice(0)) {
    await bus.close();
    await publisher.close();
  }
});

/** A process's bus, and how often it was told to drop its caches. */
function openProcess() {
  const publisher = connectRedis(testRedisUrl(), quiet);
  const bus = redisChangeBus(publisher, testRedisUrl(), quiet);
  opened.push({ bus, publisher });
  let clears = 0;
  bus.onRemoteChange(() => (clears += 1));
  return {
    bus,
    publisher,
    clears: () => clears,
    async clearedAfter(before: number, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (clears <= before && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      return clears > before;
    },
  };
}

it('drops what a process cached before it listened, once it listens', async () => {
  const reader = openProcess();
  expect(await reader.clearedAfter(0)).toBe(true);
});

it('announces a change made while the connection is still being made, once it is up', async () => {
  const reader = openProcess();
  expect(await reader.clearedAfter(0)).toBe(true);
  const before = reader.clears();
  const writer = openProcess();
  expect(writer.publisher.ready()).toBe(false);
  writer.bus.announce();
  await untilReady(writer.publisher);
  expect(await reader.clearedAfter(before)).toBe(true);
});
