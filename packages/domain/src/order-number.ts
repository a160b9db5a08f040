// spec §3 Order.order_number: shown to the shopper and sent to ECPay as MerchantTradeNo, which takes
// at most 20 letters and digits and must never repeat (docs/decisions/009).
import { TAIPEI_OFFSET_MS } from './shop-calendar.ts';

/** ECPay MerchantTradeNo: 1–20 ASCII letters or digits. */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9]{1,20}$/;

/** Digits and capitals without 0/O and 1/I, so a number read out over the phone is not misheard. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Random characters after the time part; 32^6 ≈ 10^9 numbers per minute. */
export const ORDER_NUMBER_RANDOM_LENGTH = 6;

/**
 * `yyMMddHHmm` in Taipei time + 6 random characters, e.g. `2611221705K7Q2MX` (16 characters): sorts by
 * time, tells staff the day at a glance, and leaves 4 characters of ECPay's 20 for a payment retry
 * suffix. `randomIndex(n)` returns an integer in [0, n); the server passes crypto.randomInt. Uniqueness
 * is guaranteed by the database (unique index, retry on collision), not by this function.
 */
export function generateOrderNumber(now: Date, randomIndex: (n: number) => number): string {
  const taipei = new Date(now.getTime() + TAIPEI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    pad(taipei.getUTCFullYear() % 100) +
    pad(taipei.getUTCMonth() + 1) +
    pad(taipei.getUTCDate()) +
    pad(taipei.getUTCHours()) +
    pad(taipei.getUTCMinutes());
  let random = '';
  for (let i = 0; i < ORDER_NUMBER_RANDOM_LENGTH; i++) {
    const index = randomIndex(ORDER_NUMBER_ALPHABET.length);
    random += ORDER_NUMBER_ALPHABET[Math.min(Math.max(Math.floor(index), 0), ORDER_NUMBER_ALPHABET.length - 1)];
  }
  return stamp + random;
}

export function isValidOrderNumber(value: unknown): value is string {
  return typeof value === 'string' && ORDER_NUMBER_PATTERN.test(value);
}
