// How the back office writes times and amounts: Taipei wall clock (the shop's days), NT$.
import { formatNtd, taipeiDate, taipeiDateTime } from '@shop/domain';

/** `2026-06-01 09:30` in Taipei; '' for none. */
export function shopDateTime(iso: string | null | undefined): string {
  return iso ? taipeiDateTime(new Date(iso)) : '';
}

/** `2026-06-01` in Taipei; '' for none. */
export function shopDay(iso: string | null | undefined): string {
  return iso ? taipeiDate(new Date(iso)) : '';
}

/** The value of an `<input type="datetime-local">` for an instant (Taipei time); the API reads it back as Taipei. */
export function localInputValue(iso: string | null | undefined): string {
  return iso ? taipeiDateTime(new Date(iso)).replace(' ', 'T') : '';
}

export const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '—' : formatNtd(amount);
