// A member's own two-level downline and its revenue bonus (spec §6, §7
// members-find-2-level-by-account[-with-calc-approve-revenue-bonus]; docs/decisions/013).
import {
  BONUS_RETURN_DAYS,
  calcRevenueBonus,
  maskName,
  maskPhone,
  taipeiMonth,
  taipeiMonthRange,
  type DownlineLevel,
  type Downline,
  type DownlineBonus,
  type DownlineMember,
} from '@shop/domain';
import { Forbidden } from '../../errors.ts';
import { findShippedOrders } from './downline.repository.ts';
import * as members from './member.repository.ts';
import { getOwnMember } from './member-json.ts';
import type { MembersContext } from './members-context.ts';
import { getDownlinePercent } from '../settings/index.ts';

const DAY_MS = 86_400_000;

export type DownlineMemberJson = DownlineMember;
export type DownlineJson = Downline;

/** The account in the path must be the caller's own: anybody else's answers 403 (spec §6). */
async function ownMember(ctx: MembersContext, memberId: number, account: string) {
  const me = await getOwnMember(ctx.db, memberId);
  if (me.account !== account) throw new Forbidden();
  return me;
}

/** Level 1: members the caller referred; level 2: members those referred. Oldest first within each level. */
async function loadDownline(ctx: MembersContext, memberId: number): Promise<DownlineMemberJson[]> {
  const first = (await members.findReferredBy(ctx.db, [memberId])).filter((m) => m.id !== memberId);
  const firstIds = new Set(first.map((m) => m.id));
  // A referral chain cannot loop through sign-up, but the back office may edit it: never list anyone twice.
  const second = (await members.findReferredBy(ctx.db, [...firstIds])).filter(
    (m) => m.id !== memberId && !firstIds.has(m.id),
  );
  const json = (row: members.DownlineRow, level: DownlineLevel): DownlineMemberJson => ({
    id: row.id,
    name: maskName(row.name),
    account: maskPhone(row.account),
    level,
    referrer_id: row.referrerId ?? memberId,
    member_level_name: row.levelName ?? '',
    created_at: row.createdAt.toISOString(),
  });
  return [...first.map((m) => json(m, 1)), ...second.map((m) => json(m, 2))];
}

/** GET /members-find-2-level-by-account/{account}. */
export async function findTwoLevels(ctx: MembersContext, memberId: number, account: string): Promise<DownlineJson> {
  await ownMember(ctx, memberId, account);
  return { account, members: await loadDownline(ctx, memberId) };
}

export type DownlineBonusJson = DownlineBonus;

/**
 * GET /members-find-2-level-by-account-with-calc-approve-revenue-bonus/{account}?month=YYYY-MM: the
 * downline with each member's approved revenue of the Taipei month and the bonus it earns the caller.
 */
export async function findTwoLevelsWithBonus(
  ctx: MembersContext,
  memberId: number,
  account: string,
  month: string | undefined,
): Promise<DownlineBonusJson> {
  await ownMember(ctx, memberId, account);
  const now = ctx.now();
  const wanted = month ?? taipeiMonth(now);
  const downline = await loadDownline(ctx, memberId);
  const range = taipeiMonthRange(wanted)!;
  // An order approved in the month was shipped up to BONUS_RETURN_DAYS + 1 days before it began.
  const shippedFrom = new Date(range.start.getTime() - (BONUS_RETURN_DAYS + 1) * DAY_MS);
  const orders = await findShippedOrders(
    ctx.db,
    downline.map((m) => m.id),
    shippedFrom,
    range.end,
  );
  const result = calcRevenueBonus(
    downline.map((m) => ({ id: m.id, level: m.level })),
    orders,
    // The percents the owner set are those the completion job credits (issue 21 item 2).
    { month: wanted, now, percent: await getDownlinePercent(ctx.db) },
  );
  const lineOf = new Map(result.lines.map((l) => [l.member_id, l]));
  return {
    account,
    month: result.month,
    percent: result.percent,
    members: downline.map((m) => {
      const line = lineOf.get(m.id);
      return {
        ...m,
        order_count: line?.order_count ?? 0,
        approved_revenue: line?.approved_revenue ?? 0,
        bonus: line?.bonus ?? 0,
      };
    }),
    total_revenue: result.total_revenue,
    total_bonus: result.total_bonus,
  };
}
