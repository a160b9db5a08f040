// The member centre's LINE (issue 41): link the LINE account a LINE login left waiting, unlink it
// (not while it is the only way in), choose LINE or SMS for order messages; and, for the
// notifications area, who gets a message by LINE.
import { lineLoginErrors, lineMsg, type MemberLine, type MemberLineChoice } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { memberHasPassword } from '../members/index.ts';
import * as repo from './line-accounts.repository.ts';
import { LineLoginRefused, linkOrRefuse, readPending } from './line-login.service.ts';

export async function memberLine(db: Db, config: Config, memberId: number): Promise<MemberLine> {
  const link = await repo.findByMember(db, memberId);
  return {
    login_available: config.LINE_LOGIN_MODE !== 'off',
    messaging_available: config.LINE_MESSAGING_MODE !== 'off',
    linked: link !== undefined,
    display_name: link?.displayName ?? '',
    following: link ? await repo.isFollowing(db, link.lineUserId) : false,
    order_messages_by: link?.orderMessagesBy === 'sms' ? 'sms' : 'line',
    unlink_refused: link !== undefined && !(await memberHasPassword(db, memberId)),
  };
}

/** POST /members/{id}/line: the LINE account of the pending cookie becomes this member's. */
export async function linkPending(
  deps: { db: Db; config: Config; now: () => Date; log: { info(obj: object, msg: string): void } },
  memberId: number,
  pendingCookie: string | undefined,
): Promise<MemberLine> {
  const pending = readPending(deps.config, pendingCookie, deps.now());
  if (!pending) throw new NotFound(lineMsg.pendingMissing);
  try {
    await linkOrRefuse(deps, memberId, pending, '');
  } catch (err) {
    if (err instanceof LineLoginRefused) throw new Conflict(lineLoginErrors[err.reason]);
    throw err;
  }
  return memberLine(deps.db, deps.config, memberId);
}

export async function unlink(db: Db, config: Config, memberId: number): Promise<MemberLine> {
  if (!(await repo.findByMember(db, memberId))) throw new NotFound(lineMsg.notLinked);
  // Without a password, LINE is the only way back in: unlinking would lock the member out.
  if (!(await memberHasPassword(db, memberId))) throw new Conflict(lineMsg.unlinkOnlyWay);
  await repo.deleteLink(db, memberId);
  return memberLine(db, config, memberId);
}

export async function chooseChannel(
  db: Db,
  config: Config,
  memberId: number,
  body: MemberLineChoice,
  now: Date,
): Promise<MemberLine> {
  if (!(await repo.findByMember(db, memberId))) throw new NotFound(lineMsg.notLinked);
  await repo.setOrderMessagesBy(db, memberId, body.order_messages_by, now);
  return memberLine(db, config, memberId);
}

/**
 * The LINE user id a member's messages go to: linked, following the official account and having
 * chosen LINE; null for everyone else (their messages go by SMS).
 */
export function lineRecipientOf(db: Db, memberId: number): Promise<string | null> {
  return repo.messagingRecipientOf(db, memberId);
}
