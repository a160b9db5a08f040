// What the simulators' card forms check before "asking the bank" (ECPay's and the bank acquirer's):
// the digits, the Luhn check digit, an expiry not past in Taipei, a 3- or 4-digit code.
import { TAIPEI_OFFSET_MS } from '@shop/domain';
import { TEST_CARD, type CardErrors, type CardInput } from './simulator-page.ts';

/** Luhn check digit: what a card form checks before asking the bank. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** zh-TW errors of the mock card form; `now` decides whether MM/YY has passed (Taipei month). */
export function cardErrors(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) errors.number = '請輸入 13 到 19 位數字的卡號';
  // ECPay's published test card does not pass the Luhn check (its staging accepts it anyway).
  else if (!passesLuhn(digits) && digits !== TEST_CARD.number.replace(/\s/g, ''))
    errors.number = '卡號有誤，請再確認一次';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = '請依 MM/YY 格式輸入，例如 12/30';
  else {
    const taipei = new Date(now.getTime() + TAIPEI_OFFSET_MS);
    const thisMonth = taipei.getUTCFullYear() * 12 + taipei.getUTCMonth();
    if ((2000 + Number(m[2])) * 12 + Number(m[1]) - 1 < thisMonth) errors.expiry = '這張卡已過期';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = '請輸入 3 或 4 位數字';
  return errors;
}
