// Calendar days of the shop: Asia/Taipei (UTC+8, no daylight saving). "Today", "this month" and
// date filters of the back office count Taiwan days, whatever the server's own time zone is.

/** The one place the shop's offset from UTC is declared; Taiwan keeps no daylight saving time. */
export const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The same offset as ISO 8601 writes it. */
export const TAIPEI_UTC_OFFSET = '+08:00';
const SHOP_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall clock in Taipei, as a Date whose UTC fields hold the Taipei fields. */
function taipeiWallClock(at: Date): Date {
  return new Date(at.getTime() + TAIPEI_OFFSET_MS);
}

/** The instant a Taipei calendar day (or month) begins. */
function taipeiMidnight(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day) - TAIPEI_OFFSET_MS);
}

/** `yyyy-MM-dd` of the moment in Taipei. */
export function taipeiDate(at: Date): string {
  return taipeiWallClock(at).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd HH:mm` of the moment in Taipei (CSV exports, back-office tables). */
export function taipeiDateTime(at: Date): string {
  return taipeiWallClock(at).toISOString().slice(0, 16).replace('T', ' ');
}

/** An API time (ISO 8601) or a Date; null, '' and text that is no time read as none. */
function readableMoment(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * How every screen, storefront and back office alike, writes a moment: `2026-11-26 15:05`, Taipei,
 * 24-hour clock (issue 20: "03:05 PM" read as foreign); '' for none.
 */
export function shopDateTime(value: string | Date | null | undefined): string {
  const at = readableMoment(value);
  return at ? taipeiDateTime(at) : '';
}

/** How every screen writes a day: `2026-11-26` in Taipei; '' for none. */
export function shopDay(value: string | Date | null | undefined): string {
  const at = readableMoment(value);
  return at ? taipeiDate(at) : '';
}

/** Whether `text` is a real calendar day written `yyyy-MM-dd` (`2025-02-30` is not). */
export function isShopDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = SHOP_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** The first instant of a Taipei day given as `yyyy-MM-dd`. The caller checks `isShopDate` first. */
export function startOfShopDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return taipeiMidnight(y, m - 1, d);
}

/** Half-open range [start, end) of a time span. */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** Today in Taipei as [00:00, next 00:00). */
export function shopDayRange(now: Date): TimeRange {
  const w = taipeiWallClock(now);
  return {
    start: taipeiMidnight(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()),
    end: taipeiMidnight(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + 1),
  };
}

/** This month in Taipei as [1st 00:00, 1st of next month 00:00). */
export function shopMonthRange(now: Date): TimeRange {
  const w = taipeiWallClock(now);
  return {
    start: taipeiMidnight(w.getUTCFullYear(), w.getUTCMonth(), 1),
    end: taipeiMidnight(w.getUTCFullYear(), w.getUTCMonth() + 1, 1),
  };
}

/** A date filter `from`..`to` (both inclusive Taipei days, either optional) as instants [start, end). */
export function shopDateSpan(from?: string, to?: string): { start?: Date; end?: Date } {
  const span: { start?: Date; end?: Date } = {};
  if (from) span.start = startOfShopDate(from);
  if (to) span.end = new Date(startOfShopDate(to).getTime() + 24 * 60 * 60 * 1000);
  return span;
}
