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

/** A Taiwan landline with its area code: 02-2345-6789, 04-2234-5678, 049-223-4567 (digits only here). */
export const TW_LANDLINE_PATTERN = /^0[2-8]\d{7,8}$/;

export const PHONE_REGIONS = ['TW', 'CN', 'HK', 'ML'] as const;

/** What a form shows for each region (issue 23 item 2): its name, dialling code and how a number looks. */
export const PHONE_REGION_INFO: Readonly<Record<PhoneRegion, { label: string; dial: string; message: string }>> = {
  TW: { label: '台灣', dial: '+886', message: '請輸入正確的台灣電話號碼，例如 0912345678 或 02-2345-6789' },
  CN: { label: '中國大陸', dial: '+86', message: '請輸入正確的中國大陸手機號碼（1 開頭共 11 碼）' },
  HK: { label: '香港', dial: '+852', message: '請輸入正確的香港電話號碼（5、6 或 9 開頭共 8 碼）' },
  ML: { label: '馬來西亞', dial: '+60', message: '請輸入正確的馬來西亞手機號碼（1 開頭共 9 或 10 碼）' },
};

/** A typed number without the spaces, dashes, dots and brackets people write between digits. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s\-.()（）]/g, '');
}

/**
 * A contact number of a region (spec §5 patterns): Taiwan takes a mobile or a landline, the others
 * their mobile pattern. Separators are ignored.
 */
export function isValidContactPhone(value: string, region: PhoneRegion): boolean {
  const digits = phoneDigits(value);
  if (region === 'TW') return TW_MOBILE_PATTERN.test(digits) || TW_LANDLINE_PATTERN.test(digits);
  return PHONE_PATTERNS[region].test(digits);
}

/** As stored and shown to the shop: a Taiwan number as dialled at home, another with its dialling code. */
export function contactPhoneText(value: string, region: PhoneRegion): string {
  const digits = phoneDigits(value);
  return region === 'TW' ? digits : `${PHONE_REGION_INFO[region].dial} ${digits}`;
}

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
