// Phone patterns and the masks used where personal data is shown to guests (spec §5, §2 order lookup).

/** spec §5: phone patterns by region. */
export const TW_MOBILE_PATTERN = /^09\d{8}$/;
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const HK_PHONE_PATTERN = /^[569]\d{7}$/;
export const ML_PHONE_PATTERN = /^1\d{8,9}$/;

export type PhoneRegion = 'TW' | 'CN' | 'HK' | 'ML';

export const PHONE_PATTERNS: Readonly<Record<PhoneRegion, RegExp>> = {
  TW: TW_MOBILE_PATTERN,
  CN: CN_MOBILE_PATTERN,
  HK: HK_PHONE_PATTERN,
  ML: ML_PHONE_PATTERN,
};

/** Exact match, no trimming: callers (the schemas) trim first. */
export function isValidPhone(value: unknown, region: PhoneRegion = 'TW'): boolean {
  return typeof value === 'string' && PHONE_PATTERNS[region].test(value);
}

/**
 * `0912345678` → `0912***678` (10+ digits keep the first 4 and last 3).
 * Shorter numbers keep 2 + 2; up to 4 characters are fully hidden.
 */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p === '') return '';
  if (p.length >= 10) return `${p.slice(0, 4)}***${p.slice(-3)}`;
  if (p.length > 4) return `${p.slice(0, 2)}***${p.slice(-2)}`;
  return '***';
}

/** `王小明` → `王*明`, `王明` → `王*`, `王` → `王`, `歐陽小明` → `歐**明` (counted in characters, not UTF-16 units). */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Optional postal code, a city/county (…市/縣), then a district (…區/鄉/鎮/市) of 1–3 characters. */
const TW_CITY_DISTRICT = /^(\d{3,6}\s*)?(\S{2}[市縣])\s*(\S{1,3}?[區鄉鎮市])/u;

/**
 * `台北市大安區忠孝東路100號` → `台北市大安區***`: keep the city and district, hide the rest.
 * Without a recognisable district, keep at most the first 6 characters (and never more than half).
 */
export function maskAddress(address: string): string {
  const a = address.trim();
  if (a === '') return '';
  const match = TW_CITY_DISTRICT.exec(a);
  if (match) return `${match[0]}***`;
  const chars = Array.from(a);
  return `${chars.slice(0, Math.min(6, Math.floor(chars.length / 2))).join('')}***`;
}
