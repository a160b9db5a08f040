// Tells the other processes that this one changed shop data (issue 18, docs/decisions/063), so each
// drops its cached answers, pages and search snapshot within moments instead of after their time to
// live. Through Redis pub/sub when the shop has Redis, else PostgreSQL LISTEN/NOTIFY; one process on
// the embedded database has nobody to tell.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { connectRedis, type RedisConnection, type SharedLog } from './redis-connection.ts';

export interface ChangeBus {
  /** Tells the other processes, now or when the connection is up; never throws. */
  announce(): void;
  /** Runs `listener` when another process changed data, or when notices may have been missed (a reconnect). */
  onRemoteChange(listener: () => void): void;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'shop_data_changed';

/** One process: nothing to tell. */
export function localChangeBus(): ChangeBus {
  return { announce() {}, onRemoteChange() {}, close: async () => {} };
}

class Listeners {
  private readonly all: Array<() => void> = [];
  add(listener: () => void): void {
    this.all.push(listener);
  }
  run(): void {
    for (const listener of this.all) listener();
  }
}

export function redisChangeBus(publisher: RedisConnection, url: string, log: SharedLog): ChangeBus {
  // Each process signs its notices and ignores its own: it has already cleared.
  const origin = randomUUID();
  const listeners = new Listeners();
  const subscriber = connectRedis(url, log, 'redis-subscriber');
  subscriber.client.on('ready', () => {
    subscriber.client.subscribe(CHANGE_CHANNEL).then(
      // Notices sent before this connection listened were not heard, at start as after a loss: what
      // was cached meanwhile may be stale.
      () => listeners.run(),
      () => {}, // a failure means another reconnect is coming
    );
  });
  subscriber.client.on('message', (_channel: string, from: string) => {
    if (from !== origin) listeners.run();
  });
  publisher.onReconnect(() => listeners.run());
  // A change made while the publisher connects (at start) or reconnects is announced once it is up.
  let unannounced = false;
  const publish = () => publisher.client.publish(CHANGE_CHANNEL, origin).catch(() => {});
  publisher.client.on('ready', () => {
    if (!unannounced) return;
    unannounced = false;
    void publish();
  });
  return {
    announce() {
      if (publisher.ready()) void publish();
      else unannounced = true;
    },
    onRemoteChange: (listener) => listeners.add(listener),
    close: () => subscriber.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries) and NOTIFY
 * through the pool. A lost connection is opened again, and everything is cleared then, since
 * notices sent meanwhile were lost.
 */
export function postgresChangeBus(db: Db, url: string, log: SharedLog): ChangeBus {
  const origin = randomUUID();
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let lost = false;

  const listen = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (n) => {
      if (n.payload !== origin) listeners.run();
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      reconnect(next, err as Error);
      return;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    if (lost) {
      lost = false;
      log.info({ connection: 'postgres-listener' }, 'change notices are heard again');
      listeners.run();
    }
  };
  const reconnect = (failed: pg.Client, err?: Error) => {
    if (closed || (client !== failed && client !== null) || retry) return;
    client = null;
    failed.end().catch(() => {});
    if (!lost) log.warn({ reason: err?.message ?? 'connection ended' }, 'change notices lost: listening again');
    lost = true;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, 1_000);
  };
  void listen();

  return {
    announce() {
      db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${origin})`).catch(() => {});
    },
    onRemoteChange: (listener) => listeners.add(listener),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
