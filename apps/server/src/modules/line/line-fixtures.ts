// For other modules' tests of messages by LINE (issue 41): the stand-in LINE, and a member's link to
// a LINE account that follows the official account, as the login and the webhook would leave them.
import type { Db } from '../../db/client.ts';
import { lineFollowers, memberLineAccounts } from '../../db/schema/index.ts';

export { type LineStandIn, standInEnv, startLineStandIn } from './line-stand-in.ts';

let users = 0;

/** Links a new LINE user to the member, following the account and choosing LINE unless told; answers its id. */
export async function insertLineLink(db: Db, memberId: number, options: { by?: 'line' | 'sms' } = {}): Promise<string> {
  const userId = `U${(++users).toString(16).padStart(32, 'f')}`;
  await db.insert(memberLineAccounts).values({ memberId, lineUserId: userId, orderMessagesBy: options.by ?? 'line' });
  await db.insert(lineFollowers).values({ lineUserId: userId, following: true, eventAt: new Date() });
  return userId;
}
