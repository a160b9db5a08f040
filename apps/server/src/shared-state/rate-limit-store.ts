// Request limits of @fastify/rate-limit (guest order look-up, contact form, uploads) counted in Redis
// shared by every process, falling back to this process's memory while Redis is away
// (docs/decisions/063). The plugin's own Redis store fails the request when Redis does; this one
// keeps limiting.
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisConnection } from './redis-connection.ts';

type Incr = (
  key: string,
  callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;
interface PluginStore {
  incr: Incr;
  child(routeOptions: unknown): PluginStore;
}
type PluginStoreCtor = new (...args: unknown[]) => PluginStore;

// The plugin's two stores, used as they are; the package declares no types for them.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as PluginStoreCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as PluginStoreCtor;

class FallbackStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    if (!this.redis.ready()) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (err, result) => (err ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): FallbackStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The `store` option for @fastify/rate-limit: shared through `redis`, or undefined for the plugin's memory store. */
export function rateLimitStore(redis: RedisConnection | null): FastifyRateLimitStoreCtor | undefined {
  if (!redis) return undefined;
  const connection = redis;
  return class {
    // The plugin passes its settings as it passes them to its own stores.
    constructor({
      continueExceeding,
      exponentialBackoff,
    }: {
      continueExceeding?: boolean;
      exponentialBackoff?: boolean;
    }) {
      const shared = new RedisStore(continueExceeding, exponentialBackoff, connection.client, 'shop:rate:');
      const local = new LocalStore(continueExceeding, exponentialBackoff);
      return new FallbackStore(connection, shared, local) as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
