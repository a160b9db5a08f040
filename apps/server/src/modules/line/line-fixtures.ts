// For other modules' tests of messages by LINE (issue 41): the stand-in LINE, and a member's link to
// a LINE account that follows the official account, as the login and the webhook would leave them.
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client.ts';
import { lineFollowers, memberLineAccounts } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { type OrderTestAppOptions, useOrderTestApp } from '../orders/order-fixtures.ts';
import { type LineStandIn, standInEnv, startLineStandIn } from './line-stand-in.ts';

export { type LineStandIn, standInEnv, startLineStandIn } from './line-stand-in.ts';

let users = 0;

/** Links a new LINE user to the member, following the account and choosing LINE unless told; answers its id. */
export async function insertLineLink(db: Db, memberId: number, options: { by?: 'line' | 'sms' } = {}): Promise<string> {
  const userId = `U${(++users).toString(16).padStart(32, 'f')}`;
  await db.insert(memberLineAccounts).values({ memberId, lineUserId: userId, orderMessagesBy: options.by ?? 'line' });
  await db.insert(lineFollowers).values({ lineUserId: userId, following: true, eventAt: new Date() });
  return userId;
}

/**
 * The stand-in LINE and the order test app that talks to it (useOrderTestApp with `settings`, its
 * PUBLIC_URL https://shop.example.tw) for the tests of the enclosing describe (or file): the stand-in
 * starts before the app is built and closes after the app. Read `line` inside hooks and tests only.
 */
export function useOrderTestAppWithLine(settings?: OrderTestAppOptions['settings']): { t: TestApp; line: LineStandIn } {
  let standIn: LineStandIn | undefined;
  const started = (): LineStandIn => {
    if (!standIn) throw new Error('the stand-in LINE starts in beforeAll: read it inside hooks and tests');
    return standIn;
  };
  beforeAll(async () => {
    standIn = await startLineStandIn();
  });
  afterAll(() => standIn?.close());
  const t = useOrderTestApp(() => ({
    env: { ...standInEnv(started().url), PUBLIC_URL: 'https://shop.example.tw' },
    settings,
  }));
  const line: LineStandIn = {
    get url() {
      return started().url;
    },
    get codes() {
      return started().codes;
    },
    get tokenCalls() {
      return started().tokenCalls;
    },
    get pushes() {
      return started().pushes;
    },
    get pushAnswers() {
      return started().pushAnswers;
    },
    close: () => started().close(),
  };
  return { t, line };
}
