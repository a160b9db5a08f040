// Rows and requests the members API tests share (each test file builds its own database, STYLE.md §7).
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { memberBonus, memberLevels, members } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { hashPassword } from './password.ts';

export const PASSWORD = 'Secret123';

/** A member with a real argon2id hash of `password`, a balances row and the given fields. */
export async function addMember(
  t: TestApp,
  account: string,
  extra: Partial<typeof members.$inferInsert> & { password?: string } = {},
): Promise<number> {
  const { password = PASSWORD, ...fields } = extra;
  const [row] = await t.db
    .insert(members)
    .values({ account, cellPhone: account, name: '王小明', passwordHash: await hashPassword(password), ...fields })
    .returning({ id: members.id });
  await t.db.insert(memberBonus).values({ memberId: row!.id });
  return row!.id;
}

export async function addLevel(t: TestApp, name: string, threshold: number, styleClass = ''): Promise<number> {
  const [row] = await t.db
    .insert(memberLevels)
    .values({ name, threshold, pic: `levels/${threshold}.webp`, styleClass })
    .returning({ id: memberLevels.id });
  return row!.id;
}

interface Call {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** A request as a browser would send it: JSON body, optional bearer token, from `ip`. */
export function call(t: TestApp, method: InjectOptions['method'], url: string, payload?: unknown, options: Call = {}) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function login(t: TestApp, account: string, password = PASSWORD, ip?: string) {
  const res = await call(t, 'POST', '/api/v1/members/auth', { account, password }, { ip });
  if (res.statusCode !== 200) throw new Error(`login of ${account} answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; token: { access_token: string; refresh_token: string } };
}

/** Lines of DATA_DIR/sms.log written by the development sender. */
export function smsLog(t: TestApp): Array<{ to: string; text: string }> {
  const file = path.join(t.config.dataDir, 'sms.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, to = '', text = ''] = line.split('\t');
      return { to, text };
    });
}

/** The newest code sent to `to`, waiting briefly for background deliveries; undefined when none came. */
export async function lastCode(t: TestApp, to: string, waitMs = 0): Promise<string | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const line = smsLog(t)
      .filter((l) => l.to === to)
      .at(-1);
    const code = line ? /驗證碼為 (\d{6})/.exec(line.text)?.[1] : undefined;
    if (code || Date.now() >= until) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
