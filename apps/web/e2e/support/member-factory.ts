// Members a story starts from, registered on the shop's API the way the sign-up page does it: the
// SMS code (from the development sender's log) and POST /members-signup. Each gets a new mobile number.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { answered, unique } from './back-office-api.ts';

export interface FreshMember {
  id: number;
  /** The mobile number, which is the account. */
  account: string;
  password: string;
  name: string;
}

/** A mobile number nobody registered yet: 09 + 8 digits, different per run and per test. */
export function unusedPhone(): string {
  return `09${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/**
 * The newest SMS code of `purpose` the development sender wrote to `dataDir`/sms.log for `phone`,
 * waiting for it to arrive.
 */
export async function smsCode(phone: string, purpose: 'signup' | 'reset', dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'sms.log');
  const wording = purpose === 'signup' ? '會員註冊' : '重設密碼';
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
      const line = lines.filter((l) => l.split('\t')[1] === phone && l.includes(wording)).at(-1);
      code = line ? /驗證碼為 (\d{6})/.exec(line)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * A client address of its own for each new member: the shop limits SMS codes per address (10 an
 * hour), and every story's member would otherwise come from 127.0.0.1. The e2e shops trust the
 * loopback proxy (playwright.config.ts TRUST_PROXY), so X-Forwarded-For names the client.
 */
function clientAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** Registers a new member on the shop `request` talks to (its sms.log is in `dataDir`) and logs in. */
export async function registerMember(
  request: APIRequestContext,
  dataDir: string,
  options: { name?: string; password?: string } = {},
): Promise<FreshMember> {
  const account = unusedPhone();
  const name = options.name ?? unique('會員');
  const password = options.password ?? 'Story-pass-8';
  const headers = { 'x-forwarded-for': clientAddress() };
  await answered(
    await request.post(`/api/v1/get-member-register-verifacation-code/${account}`, {
      headers,
      data: { cellphone: account },
    }),
    'sign-up SMS code',
  );
  const code = await smsCode(account, 'signup', dataDir);
  await answered(
    await request.post('/api/v1/members-signup', {
      headers,
      data: { account, verification_code: code, name, password },
    }),
    'sign-up',
  );
  const auth = await answered<{ id: number }>(
    await request.post('/api/v1/members/auth', { headers, data: { account, password } }),
    'member login',
  );
  return { id: auth.id, account, password, name };
}
