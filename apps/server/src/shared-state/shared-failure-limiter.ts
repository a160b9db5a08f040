// Failure counters every process shares through Redis (issue 18, docs/decisions/063): the same rules
// as FailureLimiter, so ten wrong passwords are ten whichever processes they reach. While Redis is
// away each process counts in its own memory, as a single process always did.
import type { Redis } from 'ioredis';
import {
  FailureLimiter,
  type AttemptLimiter,
  type FailureLimit,
  type LimiterFactory,
} from '../http/failure-limiter.ts';
import type { RedisConnection } from './redis-connection.ts';

// One round trip each, atomic across processes, with FailureLimiter's rules on the caller's clock:
// the window starts at the first failure and, when backing off, slides with every failure. The key's
// time to live only sweeps it away once its window is over.
const FAIL = `
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local count, resetAt = 1, now + window
if v[1] and tonumber(v[2]) > now then
  count = tonumber(v[1]) + 1
  if ARGV[3] ~= '1' then resetAt = tonumber(v[2]) end
end
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetAt, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], math.max(1, resetAt - now))
return count`;

const READ = `
local v = redis.call('HMGET', KEYS[1], 'count', 'lastAt', 'resetAt')
if not v[1] then return {0, 0, 0} end
return {tonumber(v[1]), tonumber(v[2]), tonumber(v[3])}`;

interface LimitCommands {
  limitFail(key: string, now: number, windowMs: number, backoff: '0' | '1'): Promise<number>;
  limitRead(key: string): Promise<[count: number, lastAt: number, resetAt: number]>;
}

function withCommands(client: Redis): Redis & LimitCommands {
  if (!('limitFail' in client)) {
    client.defineCommand('limitFail', { numberOfKeys: 1, lua: FAIL });
    client.defineCommand('limitRead', { numberOfKeys: 1, lua: READ });
  }
  return client as Redis & LimitCommands;
}

export class SharedFailureLimiter implements AttemptLimiter {
  private readonly local: FailureLimiter;
  private readonly client: Redis & LimitCommands;

  constructor(
    private readonly redis: RedisConnection,
    private readonly name: string,
    private readonly limit: FailureLimit,
  ) {
    this.local = new FailureLimiter(limit);
    this.client = withCommands(redis.client);
  }

  async blockedFor(key: string, now: number): Promise<number> {
    const read = await this.shared(() => this.client.limitRead(this.keyOf(key)));
    if (!read) return this.local.blockedFor(key, now);
    const [count, lastAt, resetAt] = read;
    if (resetAt <= now || count < this.limit.max) return 0;
    const { backoff } = this.limit;
    if (!backoff) return resetAt - now;
    const delay = Math.min(backoff.firstMs * 2 ** (count - this.limit.max), backoff.maxMs);
    return Math.max(0, lastAt + delay - now);
  }

  async fail(key: string, now: number): Promise<number> {
    const backoff = this.limit.backoff ? '1' : '0';
    const count = await this.shared(() => this.client.limitFail(this.keyOf(key), now, this.limit.windowMs, backoff));
    return count ?? this.local.fail(key, now);
  }

  async clear(key: string): Promise<void> {
    this.local.clear(key);
    await this.shared(() => this.client.del(this.keyOf(key)));
  }

  private keyOf(key: string): string {
    return `shop:limit:${this.name}:${key}`;
  }

  /** The command's answer, or undefined when Redis is away (the connection logs the outage once). */
  private async shared<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (!this.redis.ready()) return undefined;
    try {
      return await command();
    } catch {
      return undefined;
    }
  }
}

/** Limiters shared through `redis` when there is one, else each process's own. */
export function limiterFactory(redis: RedisConnection | null): LimiterFactory {
  if (!redis) return (_name, limit) => new FailureLimiter(limit);
  return (name, limit) => new SharedFailureLimiter(redis, name, limit);
}
