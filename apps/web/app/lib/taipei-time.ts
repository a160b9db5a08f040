// Times come from the API as ISO 8601; the shop shows them in Asia/Taipei (ARCHITECTURE: API
// conventions). Taiwan keeps UTC+8 all year (no daylight saving), so a fixed offset is exact and the
// server render and the browser always print the same text.
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

function taipeiParts(value: string | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const t = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
  };
}

/** spec §2 order lists: `yyyy-MM-dd`; '' for a missing or unreadable time. */
export function formatTaipeiDate(value: string | Date | null | undefined): string {
  const p = taipeiParts(value);
  return p ? `${p.y}-${pad(p.mo)}-${pad(p.d)}` : '';
}

/** spec §2 order detail: `yyyy-MM-dd hh:mm a` (12-hour clock, AM/PM); '' for a missing or unreadable time. */
export function formatTaipeiDateTime(value: string | Date | null | undefined): string {
  const p = taipeiParts(value);
  if (!p) return '';
  const hour12 = p.h % 12 === 0 ? 12 : p.h % 12;
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(hour12)}:${pad(p.mi)} ${p.h < 12 ? 'AM' : 'PM'}`;
}
