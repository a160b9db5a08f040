import { createHash, timingSafeEqual } from 'node:crypto';

// ECPay AIO CheckMacValue (全方位金流 API 技術文件 › 檢查碼機制, EncryptType=1 SHA256):
// 1. drop CheckMacValue itself, sort the parameters by name A→Z ignoring case;
// 2. `HashKey=...&Name=value&...&HashIV=...`;
// 3. URL-encode the whole string the way .NET's HttpUtility.UrlEncode does;
// 4. lower-case it, SHA256 it, upper-case the hex digest.

export type EcpayFields = Readonly<Record<string, string>>;

/**
 * .NET HttpUtility.UrlEncode, which ECPay's side runs: like encodeURIComponent except that a space
 * becomes `+` and `'` and `~` are encoded. The %2d→- … %29→) replacements of ECPay's table undo
 * what PHP's urlencode does to the characters .NET leaves alone (`- _ . ! * ( )`); encodeURIComponent
 * already leaves them alone, so they only matter for input that arrives encoded that way.
 */
export function dotNetUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/'/g, '%27')
    .replace(/~/g, '%7e')
    .replace(/%20/g, '+')
    .replace(/%2d/gi, '-')
    .replace(/%5f/gi, '_')
    .replace(/%2e/gi, '.')
    .replace(/%21/gi, '!')
    .replace(/%2a/gi, '*')
    .replace(/%28/gi, '(')
    .replace(/%29/gi, ')');
}

/** Parameter names sorted the way ECPay sorts them: by the lower-cased name, ordinal. */
function sortedNames(fields: EcpayFields): string[] {
  return Object.keys(fields)
    .filter((name) => name !== 'CheckMacValue')
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
}

/** The string that is hashed (step 3's output), exposed for tests and for debugging a mismatch. */
export function checkMacSource(fields: EcpayFields, hashKey: string, hashIv: string): string {
  const pairs = sortedNames(fields).map((name) => `${name}=${fields[name]}`);
  return dotNetUrlEncode(['HashKey=' + hashKey, ...pairs, 'HashIV=' + hashIv].join('&')).toLowerCase();
}

export function checkMacValue(fields: EcpayFields, hashKey: string, hashIv: string): string {
  return createHash('sha256')
    .update(checkMacSource(fields, hashKey, hashIv), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** The fields with their CheckMacValue added. */
export function signEcpayFields<T extends EcpayFields>(
  fields: T,
  hashKey: string,
  hashIv: string,
): T & { CheckMacValue: string } {
  return { ...fields, CheckMacValue: checkMacValue(fields, hashKey, hashIv) };
}

/**
 * Whether `fields.CheckMacValue` is the value of the other fields. Compared in constant time so a
 * caller cannot learn the right value byte by byte from response times. Hex case is ignored.
 */
export function verifyCheckMacValue(fields: EcpayFields, hashKey: string, hashIv: string): boolean {
  const received = fields.CheckMacValue;
  if (typeof received !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(received)) return false;
  const expected = Buffer.from(checkMacValue(fields, hashKey, hashIv), 'latin1');
  const actual = Buffer.from(received.toUpperCase(), 'latin1');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
