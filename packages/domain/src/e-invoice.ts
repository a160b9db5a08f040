// spec §2 checkout `receipt`: Taiwan e-invoice (電子發票) choices and their format rules.
import { InvoiceType } from './enums.ts';

/** 手機條碼: `/` then 7 of 0-9, A-Z, `.`, `+`, `-` (Ministry of Finance carrier format). */
export const MOBILE_BARCODE_PATTERN = /^\/[0-9A-Z.+-]{7}$/;
/** 自然人憑證條碼: 2 capital letters then 14 digits. */
export const CITIZEN_CERTIFICATE_PATTERN = /^[A-Z]{2}\d{14}$/;
/** 捐贈碼 (愛心碼): 3 to 7 digits. */
export const DONATION_CODE_PATTERN = /^\d{3,7}$/;
/** 統一編號: 8 digits (checksum in isValidBusinessNumber). */
export const BUSINESS_NUMBER_PATTERN = /^\d{8}$/;

/** Carrier kinds of a 二聯 (B2C) invoice. */
export const CarrierType = { None: 'none', MobileBarcode: 'mobile', CitizenCertificate: 'citizen' } as const;
export type CarrierType = (typeof CarrierType)[keyof typeof CarrierType];

const WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * 統一編號 checksum as revised by the Ministry of Finance in 2023: multiply each digit by
 * 1,2,1,2,1,2,4,1, add the digits of each product, and the sum must be divisible by 5 (it was 10
 * before the numbers ran short). When the 7th digit is 7 its product 28 counts as 10, whose digits
 * may be read as 1 or 0: the number is valid when either sum is divisible by 5.
 */
export function isValidBusinessNumber(value: unknown): boolean {
  if (typeof value !== 'string' || !BUSINESS_NUMBER_PATTERN.test(value)) return false;
  const digits = Array.from(value, Number);
  let sum = 0;
  digits.forEach((d, i) => {
    const p = d * WEIGHTS[i]!;
    sum += Math.floor(p / 10) + (p % 10);
  });
  if (sum % 5 === 0) return true;
  // 7th digit 7: 7 × 4 = 28 → 2 + 8 = 10 was counted; read as 1 (1 + 0) the sum is 9 less, i.e. +1 mod 5
  // (read as 0 it is 10 less, the same remainder as the sum already tested).
  return digits[6] === 7 && (sum + 1) % 5 === 0;
}

export const isValidMobileBarcode = (value: unknown) => typeof value === 'string' && MOBILE_BARCODE_PATTERN.test(value);
export const isValidCitizenCertificate = (value: unknown) =>
  typeof value === 'string' && CITIZEN_CERTIFICATE_PATTERN.test(value);
export const isValidDonationCode = (value: unknown) => typeof value === 'string' && DONATION_CODE_PATTERN.test(value);

/** The invoice as stored in `orders.receipt` (JSON) and sent in the POST /orders body. */
export type Receipt =
  | { type: typeof InvoiceType.Duplicate; carrier_type: CarrierType; carrier: string }
  | { type: typeof InvoiceType.Triplicate; tax_id: string; title: string }
  | { type: typeof InvoiceType.Donate; donate_code: string };

/** One line describing the invoice for order pages, e.g. 「三聯式發票 12345675 好物股份有限公司」. */
export function describeReceipt(receipt: Partial<Record<string, unknown>> | null | undefined): string {
  if (!receipt) return '';
  switch (Number(receipt.type)) {
    case InvoiceType.Duplicate: {
      const carrier = typeof receipt.carrier === 'string' ? receipt.carrier : '';
      if (!carrier) return '二聯式發票';
      const kind = receipt.carrier_type === CarrierType.CitizenCertificate ? '自然人憑證' : '手機條碼';
      return `二聯式發票（${kind} ${carrier}）`;
    }
    case InvoiceType.Triplicate:
      return `三聯式發票 ${String(receipt.tax_id ?? '')} ${String(receipt.title ?? '')}`.trim();
    case InvoiceType.Donate:
      return `捐贈發票（捐贈碼 ${String(receipt.donate_code ?? '')}）`;
    default:
      return '';
  }
}
