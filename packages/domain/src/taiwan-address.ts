// A Taiwan delivery address as one line (issue 21 item 5): the city and district must be real ones
// (taiwan-districts.ts) and a street must follow; the 3-digit postal code is the district's, whatever
// was typed before the city (a 3+2 or 3+3 code keeps only the district's first three digits).
import { findTaiwanCity, normalizeTaiwanPlaceName } from './taiwan-districts.ts';

export interface TaiwanAddress {
  zip: string;
  city: string;
  district: string;
  street: string;
  /** zip + the address as typed (台 or 臺 kept), without the typed postal code. */
  line: string;
}

/** The shortest street part that can be an address (路 + 號 at least). */
const STREET_MIN = 2;

export function parseTaiwanAddress(text: string): TaiwanAddress | null {
  const typed = text.trim().replace(/^\d{3,6}\s*/, '');
  const city = findTaiwanCity(typed.slice(0, 3));
  if (!city) return null;
  const rest = typed.slice(3).trimStart();
  const normalized = normalizeTaiwanPlaceName(rest);
  const district = [...city.districts]
    .sort((a, b) => b.name.length - a.name.length)
    .find((d) => normalized.startsWith(d.name));
  if (!district) return null;
  const street = rest.slice(district.name.length).trim();
  if (street.length < STREET_MIN) return null;
  return {
    zip: district.zip,
    city: city.name,
    district: district.name,
    street,
    line: `${district.zip}${typed.slice(0, 3)}${rest.slice(0, district.name.length)}${street}`,
  };
}
