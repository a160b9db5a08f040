// How the back office writes amounts and fills time inputs; times on screen are the domain's
// shopDateTime / shopDay, the same as the storefront's.
import { formatNtd, taipeiDateTime } from '@shop/domain';

/** The value of an `<input type="datetime-local">` for an instant (Taipei time); the API reads it back as Taipei. */
export function localInputValue(iso: string | null | undefined): string {
  return iso ? taipeiDateTime(new Date(iso)).replace(' ', 'T') : '';
}

export const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '—' : formatNtd(amount);
