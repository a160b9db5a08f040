import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../shared-state/redis-connection.ts';
import { limiterFactory } from '../shared-state/shared-failure-limiter.ts';
import { testRedisUrl, untilReady } from '../shared-state/test-redis.ts';
import { localLimiters, type LimiterFactory } from './failure-limiter.ts';
import { LoginThrottle, type LoginLimitRules } from './login-throttle.ts';

const MINUTE = 60_000;
const rules: LoginLimitRules = {
  perAccountAtAddress: { max: 3, windowMs: 15 * MINUTE },
  perAddress: { max: 5, windowMs: 15 * MINUTE },
  perAccount: { max: 4, windowMs: 60 * MINUTE, backoff: { firstMs: 1_000, maxMs: 15 * MINUTE } },
  perKnownDevice: { max: 2, windowMs: 15 * MINUTE },
};

/** `n` failures at `account` from `ip` (and `device`), each `gapMs` after the last; answers the time of the last. */
async function fail(
  throttle: LoginThrottle,
  n: number,
  account: string,
  ip: string,
  device: string | null,
  from = 0,
  gapMs = 0,
) {
  let at = from;
  for (let i = 0; i < n; i++, at += gapMs) await throttle.failed(await throttle.check(account, ip, device, at), at);
  return at - gapMs;
}

const redis = connectRedis(testRedisUrl(), { info() {}, warn() {} }, 'login-throttle test');
afterAll(() => redis.close());

// The same rules whether the counters live in this process or in Redis shared by every process.
describe.each<[string, () => Promise<LimiterFactory>]>([
  ['in memory', async () => localLimiters],
  ['in Redis', async () => (await untilReady(redis), limiterFactory(redis))],
])('LoginThrottle %s', (_store, stores) => {
  // A fresh scope per throttle: the Redis keys of one test never meet another's.
  const newThrottle = async () => new LoginThrottle(rules, await stores(), `test-${randomUUID()}`);

  it('blocks the guessing address for the account, not the account elsewhere', async () => {
    const throttle = await newThrottle();
    const last = await fail(throttle, 3, 'owner', '10.0.0.1', null);
    expect((await throttle.check('owner', '10.0.0.1', null, last + 10_000)).waitMs).toBe(15 * MINUTE - 10_000);
    expect((await throttle.check('owner', '10.0.0.2', null, last + 10_000)).waitMs).toBe(0);
    expect((await throttle.check('counter', '10.0.0.1', null, last + 10_000)).waitMs).toBe(0);
  });

  it('slows the account down for unknown devices as failures arrive from many addresses', async () => {
    const throttle = await newThrottle();
    const last = await fail(throttle, 4, 'owner', '10.0.0.1', null, 0, 1);
    expect((await throttle.check('owner', '10.9.9.9', null, last)).waitMs).toBe(1_000);
    await throttle.failed(await throttle.check('owner', '10.0.0.2', null, last + 1_000), last + 1_000);
    expect((await throttle.check('owner', '10.9.9.9', null, last + 1_000)).waitMs).toBe(2_000);
  });

  it('lets a known device in while unknown ones wait, until the device fails on its own', async () => {
    const throttle = await newThrottle();
    await fail(throttle, 4, 'owner', '10.0.0.1', null);
    expect((await throttle.check('owner', '10.0.0.1', null, 0)).waitMs).toBeGreaterThan(0);
    const device = await throttle.check('owner', '10.0.0.1', 'device-1', 0);
    expect(device).toMatchObject({ known: true, waitMs: 0 });
    // The device's own failures count against it alone; past its limit it is one more unknown device.
    await fail(throttle, 2, 'owner', '10.7.0.1', 'device-1');
    expect(await throttle.check('owner', '10.7.0.1', 'device-1', 0)).toMatchObject({ known: false });
    expect((await throttle.check('owner', '10.7.0.1', 'device-1', 0)).waitMs).toBeGreaterThan(0);
    expect(await throttle.check('owner', '10.7.0.1', 'device-2', 0)).toMatchObject({ known: true, waitMs: 0 });
  });

  it('stops one address spraying many accounts', async () => {
    const throttle = await newThrottle();
    for (let i = 0; i < 5; i++) await fail(throttle, 1, `ghost${i}`, '10.0.0.1', null);
    expect((await throttle.check('counter', '10.0.0.1', null, 1)).waitMs).toBeGreaterThan(0);
    expect((await throttle.check('counter', '10.0.0.2', null, 1)).waitMs).toBe(0);
  });

  it.each([
    [4, true],
    [5, false],
    [8, true],
  ])('reports a burst to tell the holder about at %i failures: %s', async (n, burst) => {
    const throttle = await newThrottle();
    await fail(throttle, n - 1, 'owner', '10.0.0.1', null, 0, 20 * MINUTE);
    const at = (n - 1) * 20 * MINUTE;
    expect(await throttle.failed(await throttle.check('owner', '10.0.0.2', null, at), at)).toEqual({
      accountFailures: n,
      burst,
    });
  });

  it('a known device signing in leaves the account delay for unknown devices in place', async () => {
    const throttle = await newThrottle();
    await fail(throttle, 4, 'owner', '10.0.0.1', null);
    await throttle.succeeded(await throttle.check('owner', '10.0.0.5', 'device-1', 0));
    expect((await throttle.check('owner', '10.0.0.6', null, 0)).waitMs).toBe(1_000);
  });

  it('an unknown device signing in, or a reset, clears the account and its own address', async () => {
    const throttle = await newThrottle();
    await fail(throttle, 4, 'owner', '10.0.0.1', null);
    await throttle.succeeded(await throttle.check('owner', '10.0.0.9', null, 5_000));
    expect((await throttle.check('owner', '10.0.0.6', null, 5_000)).waitMs).toBe(0);

    await fail(throttle, 3, 'owner', '10.0.0.3', null, 6_000);
    expect((await throttle.check('owner', '10.0.0.3', null, 6_000)).waitMs).toBeGreaterThan(0);
    await throttle.forgive('owner', '10.0.0.3');
    expect((await throttle.check('owner', '10.0.0.3', null, 6_000)).waitMs).toBe(0);
  });
});
