// SMS codes for sign-up and password reset (issue 5): six digits, stored as an HMAC, single use,
// 10-minute life, at most 5 tries, 60 s between sends of one purpose to one number, hourly limits
// per number and per IP. Limits are counted from the codes table, so they hold across processes and restarts.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { msg } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Invalid, TooManyRequests } from '../../errors.ts';
import * as repo from './verification-code.repository.ts';
import type { CodePurpose } from './verification-code.repository.ts';

export type { CodePurpose };

export const SMS_CODE_RULES = {
  ttlMs: 10 * 60_000,
  maxTries: 5,
  cooldownMs: 60_000,
  /** Codes per number (any purpose) per hour. */
  perNumberPerHour: 5,
  /** Codes requested from one IP per hour. */
  perIpPerHour: 10,
} as const;

const HOUR_MS = 3_600_000;

/** A six-digit code from the CSPRNG, leading zeros kept. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * HMAC-SHA256 keyed with the server secret: a six-digit code has only a million values, so a plain
 * hash in a leaked table would be reversed at once; without the key it cannot be.
 */
export function hashSmsCode(secret: string, purpose: CodePurpose, cellphone: string, code: string): string {
  return createHmac('sha256', secret).update(`sms-code:${purpose}:${cellphone}:${code}`).digest('hex');
}

export interface IssueCodeInput {
  cellphone: string;
  purpose: CodePurpose;
  ip: string;
  now: Date;
  secret: string;
}

/**
 * Checks the send limits, stores a new code and answers it with the id of its row (to delete it
 * again when delivery fails). Throws 429 with a zh-TW message when a limit is reached.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<{ id: number; code: string }> {
  const { cellphone, purpose, ip, now, secret } = input;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [toNumber, fromIp] = await Promise.all([
    repo.sentToNumber(db, cellphone, hourAgo, purpose),
    repo.sentFromIp(db, ip, hourAgo),
  ]);
  if (toNumber.last) {
    const wait = toNumber.last.getTime() + SMS_CODE_RULES.cooldownMs - now.getTime();
    if (wait > 0) throw new TooManyRequests(msg.smsCodeCooldown(Math.ceil(wait / 1000)));
  }
  if (toNumber.count >= SMS_CODE_RULES.perNumberPerHour || fromIp >= SMS_CODE_RULES.perIpPerHour) {
    throw new TooManyRequests(msg.smsCodeLimit);
  }
  const code = newSmsCode();
  const id = await repo.insertCode(db, {
    cellphone,
    purpose,
    codeHash: hashSmsCode(secret, purpose, cellphone, code),
    expiresAt: new Date(now.getTime() + SMS_CODE_RULES.ttlMs),
    ip,
    createdAt: now,
  });
  return { id, code };
}

export async function withdrawCode(db: Db, id: number): Promise<void> {
  await repo.deleteCode(db, id);
}

export interface CheckCodeInput {
  cellphone: string;
  purpose: CodePurpose;
  code: string;
  now: Date;
  secret: string;
}

/**
 * Spends one try on the newest code of the number and compares. Answers the row id to hand to
 * `useCode` inside the caller's transaction; throws 400 「驗證碼錯誤或已失效」 (or 「錯誤次數過多」).
 * The try is counted outside that transaction, so a failing sign-up cannot give tries back.
 */
export async function checkCode(db: Db, input: CheckCodeInput): Promise<number> {
  const row = await repo.latestCode(db, input.cellphone, input.purpose);
  if (!row || row.usedAt || row.expiresAt <= input.now) throw codeError(msg.smsCodeInvalid);
  if (row.tries >= SMS_CODE_RULES.maxTries) throw codeError(msg.smsCodeTooManyTries);
  const stored = await repo.takeTry(db, row.id, SMS_CODE_RULES.maxTries, input.now);
  if (stored === null) throw codeError(msg.smsCodeInvalid);
  const given = Buffer.from(hashSmsCode(input.secret, input.purpose, input.cellphone, input.code));
  const expected = Buffer.from(stored);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw codeError(row.tries + 1 >= SMS_CODE_RULES.maxTries ? msg.smsCodeTooManyTries : msg.smsCodeInvalid);
  }
  return row.id;
}

/** Marks a checked code used; call inside the transaction that does what the code allows. */
export async function useCode(db: Db, id: number, now: Date): Promise<void> {
  if (!(await repo.markUsed(db, id, now))) throw codeError(msg.smsCodeInvalid);
}

function codeError(message: string): Invalid {
  return new Invalid(message, [{ field: 'verification_code', msg: message }]);
}

/** The text of the SMS (no shop name: the sender id identifies the shop). */
export function smsCodeText(purpose: CodePurpose, code: string): string {
  const what = purpose === 'signup' ? '會員註冊' : '重設密碼';
  return `您的${what}驗證碼為 ${code}，10 分鐘內有效。請勿將驗證碼提供給任何人。`;
}
