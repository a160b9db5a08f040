// The CheckMacValue of ECPay 物流整合 (issue 17): what signs the store map's and /Express/Create's
// fields, their answers and the status notifications.
import { createHash, timingSafeEqual } from 'node:crypto';
import { checkMacSource, type EcpayFields } from '../payments/index.ts';

/**
 * 物流整合 檢查碼機制: the AIO string (sorted names ignoring case, HashKey first, HashIV last,
 * .NET URL encoding, lower case) hashed with MD5 instead of SHA256, hex in upper case.
 */
export function logisticsCheckMacValue(fields: EcpayFields, hashKey: string, hashIv: string): string {
  return createHash('md5')
    .update(checkMacSource(fields, hashKey, hashIv), 'utf8')
    .digest('hex')
    .toUpperCase();
}

export function signLogisticsFields<T extends EcpayFields>(
  fields: T,
  hashKey: string,
  hashIv: string,
): T & { CheckMacValue: string } {
  return { ...fields, CheckMacValue: logisticsCheckMacValue(fields, hashKey, hashIv) };
}

/** Whether `fields.CheckMacValue` is the MD5 value of the other fields (constant time, hex case ignored). */
export function verifyLogisticsCheckMacValue(fields: EcpayFields, hashKey: string, hashIv: string): boolean {
  const received = fields.CheckMacValue;
  if (typeof received !== 'string' || !/^[0-9A-Fa-f]{32}$/.test(received)) return false;
  const expected = Buffer.from(logisticsCheckMacValue(fields, hashKey, hashIv), 'latin1');
  return timingSafeEqual(expected, Buffer.from(received.toUpperCase(), 'latin1'));
}
