// What the shop's processes share besides the database (issue 18, docs/decisions/063): failure and
// request limits, and notices that data changed. With REDIS_URL both go through Redis; without it the
// limits are each process's own and, on PostgreSQL, the notices travel by LISTEN/NOTIFY.
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { LimiterFactory } from '../http/failure-limiter.ts';
import { localChangeBus, postgresChangeBus, redisChangeBus, type ChangeBus } from './change-bus.ts';
import { connectRedis, type SharedLog } from './redis-connection.ts';
import { rateLimitStore } from './rate-limit-store.ts';
import { limiterFactory } from './shared-failure-limiter.ts';

export interface SharedState {
  /** Failure counters (logins, look-ups), shared when Redis is there. */
  limiters: LimiterFactory;
  /** The `store` option of @fastify/rate-limit; undefined keeps the plugin's memory store. */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  changes: ChangeBus;
  /** Answers when Redis answers a PING (the readiness probe); absent without REDIS_URL. */
  pingRedis?: () => Promise<unknown>;
  close(): Promise<void>;
}

export function openSharedState(config: Config, db: Db, log: SharedLog): SharedState {
  if (config.REDIS_URL) {
    const redis = connectRedis(config.REDIS_URL, log);
    const changes = redisChangeBus(redis, config.REDIS_URL, log);
    return {
      limiters: limiterFactory(redis),
      rateLimitStore: rateLimitStore(redis),
      changes,
      pingRedis: () => redis.client.ping(),
      close: async () => {
        await changes.close();
        await redis.close();
      },
    };
  }
  const changes = config.DATABASE_URL ? postgresChangeBus(db, config.DATABASE_URL, log) : localChangeBus();
  return { limiters: limiterFactory(null), rateLimitStore: undefined, changes, close: () => changes.close() };
}

export type { ChangeBus } from './change-bus.ts';
