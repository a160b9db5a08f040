// Which records the storefront shows (spec §4: "Records are shown only when active").
import { Status } from './enums.ts';
import { TAIPEI_UTC_OFFSET } from './shop-calendar.ts';

/** spec §4: products, types, packages, courses, carousels… are shown only with status 1. */
export function isActive(status: unknown): boolean {
  return status === Status.Active;
}

/**
 * spec §4: news, articles, categories, index areas and tags only need a truthy status.
 * The strings '0' and 'false' count as off, because a text column would otherwise turn them on.
 */
export function isTruthyStatus(status: unknown): boolean {
  if (typeof status === 'string') {
    const s = status.trim().toLowerCase();
    return s !== '' && s !== '0' && s !== 'false';
  }
  return Boolean(status);
}

/** Offset-less timestamps are shop time: Taiwan (UTC+8, no daylight saving). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads an activity bound. `null` = no bound; an invalid value gives an Invalid Date.
 * A bare date (`2025-01-31`) means the start of that day in Taipei, or its last millisecond for an
 * end bound, so "until 1/31" includes all of 1/31 (bounds are inclusive).
 */
export function parseShopTime(value: unknown, edge: 'start' | 'end' = 'start'): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return new Date(Number.NaN);
  const text = value.trim();
  if (text === '') return null;
  if (LOCAL_DATE.test(text)) {
    return new Date(`${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${TAIPEI_UTC_OFFSET}`);
  }
  if (LOCAL_DATE_TIME.test(text)) return new Date(`${text.replace(' ', 'T')}${TAIPEI_UTC_OFFSET}`);
  return new Date(text);
}

export interface ActivityWindow {
  activity_start_time?: string | Date | null;
  activity_end_time?: string | Date | null;
}

/**
 * spec §4: a missing/null/empty bound means no limit; bounds are inclusive.
 * An unreadable bound hides the record (fail closed: better hidden than sold outside its campaign).
 */
export function isWithinActivityWindow(window: ActivityWindow, now: Date): boolean {
  const start = parseShopTime(window.activity_start_time, 'start');
  const end = parseShopTime(window.activity_end_time, 'end');
  const t = now.getTime();
  if (start && !(start.getTime() <= t)) return false;
  if (end && !(t <= end.getTime())) return false;
  return true;
}

/** spec §4: a product shows when its status is Active and now is inside its activity window. */
export function isProductVisible(product: ActivityWindow & { status: unknown }, now: Date): boolean {
  return isActive(product.status) && isWithinActivityWindow(product, now);
}

/** spec §4: the list "without internet price" leaves out products flagged internet_celebrity. */
export function isCelebrityProduct(product: { internet_celebrity?: unknown }): boolean {
  return isTruthyStatus(product.internet_celebrity);
}
