// One Redis connection per process for what the processes share (docs/decisions/063): limits and
// change notices. Redis is a help, never a dependency: while it is away every command fails at once
// (no offline queue, no retried requests) and the callers fall back to this process's own state.
import { Redis } from 'ioredis';

export interface SharedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RedisConnection {
  client: Redis;
  /** Whether commands can be sent now; false while connecting or reconnecting. */
  ready(): boolean;
  /** Runs when the connection is up again after a loss (not on the first connect). */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

export function connectRedis(url: string, log: SharedLog, name = 'redis'): RedisConnection {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s: the shop must find Redis again when it returns.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let everReady = false;
  let down = false;
  const reconnectListeners: Array<() => void> = [];
  client.on('ready', () => {
    if (down) {
      log.info({ connection: name }, 'Redis is back: limits and caches are shared again');
      for (const listener of reconnectListeners) listener();
    }
    everReady = true;
    down = false;
  });
  // Logged once per outage, not per command or per reconnect attempt.
  const lost = (err?: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { connection: name, reason: err?.message ?? 'connection closed', wasConnected: everReady },
      'Redis unavailable: limits are counted per process until it returns',
    );
  };
  client.on('error', lost);
  client.on('close', () => lost());
  return {
    client,
    ready: () => client.status === 'ready',
    onReconnect: (listener) => reconnectListeners.push(listener),
    close: async () => {
      down = true; // a deliberate close is not an outage worth logging
      client.disconnect();
    },
  };
}
