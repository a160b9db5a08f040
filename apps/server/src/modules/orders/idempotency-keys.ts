// POST /orders' Idempotency-Key (docs/decisions/021): what a key may be, how long it answers with its
// first order, and the hash that tells the same body from another one.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import * as repo from './orders.repository.ts';

/** An `Idempotency-Key`: 1–100 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/**
 * How long a key answers with its first order. A client retries within seconds or minutes; after a
 * day the same key starts a new order (as with Stripe's keys) and the row can go.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

/** Housekeeping, run every few hours: forgets keys older than their lifetime. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await repo.deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS));
}

/** Same body → same hash, whatever the key order or spacing of the JSON sent. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}
