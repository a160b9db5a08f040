// The LINE module's tables: linked accounts, followers, webhook events taken, login states spent.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineFollowers, lineLoginSpentStates, lineWebhookEvents, memberLineAccounts } from '../../db/schema/index.ts';

export type LineAccountRow = typeof memberLineAccounts.$inferSelect;

export async function findByMember(db: Db, memberId: number): Promise<LineAccountRow | undefined> {
  const [row] = await db.select().from(memberLineAccounts).where(eq(memberLineAccounts.memberId, memberId));
  return row;
}

export async function findByLineUser(db: Db, lineUserId: string): Promise<LineAccountRow | undefined> {
  const [row] = await db.select().from(memberLineAccounts).where(eq(memberLineAccounts.lineUserId, lineUserId));
  return row;
}

/**
 * Links, unless the member or the LINE account is linked already (either unique key): the row that
 * won answers which. A repeat of the same link is no change.
 */
export async function insertLink(
  db: Db,
  link: { memberId: number; lineUserId: string; displayName: string; at: Date },
): Promise<'linked' | 'line-taken' | 'member-has-other'> {
  const inserted = await db
    .insert(memberLineAccounts)
    .values({ ...link, linkedAt: link.at, updatedAt: link.at })
    .onConflictDoNothing()
    .returning({ memberId: memberLineAccounts.memberId });
  if (inserted.length > 0) return 'linked';
  const holder = await findByLineUser(db, link.lineUserId);
  if (holder?.memberId === link.memberId) return 'linked';
  return holder ? 'line-taken' : 'member-has-other';
}

export async function deleteLink(db: Db, memberId: number): Promise<void> {
  await db.delete(memberLineAccounts).where(eq(memberLineAccounts.memberId, memberId));
}

export async function setOrderMessagesBy(db: Db, memberId: number, by: 'line' | 'sms', at: Date): Promise<void> {
  await db
    .update(memberLineAccounts)
    .set({ orderMessagesBy: by, updatedAt: at })
    .where(eq(memberLineAccounts.memberId, memberId));
}

export async function isFollowing(db: Db, lineUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ following: lineFollowers.following })
    .from(lineFollowers)
    .where(eq(lineFollowers.lineUserId, lineUserId));
  return row?.following ?? false;
}

/** The LINE user of a member who linked, follows and chose LINE; null for everyone else. */
export async function messagingRecipientOf(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ lineUserId: memberLineAccounts.lineUserId })
    .from(memberLineAccounts)
    .innerJoin(lineFollowers, eq(lineFollowers.lineUserId, memberLineAccounts.lineUserId))
    .where(
      and(
        eq(memberLineAccounts.memberId, memberId),
        eq(memberLineAccounts.orderMessagesBy, 'line'),
        eq(lineFollowers.following, true),
      ),
    );
  return row?.lineUserId ?? null;
}

/** A follow or unfollow; an event older than the one recorded (a late redelivery) changes nothing. */
export async function recordFollow(db: Db, lineUserId: string, following: boolean, eventAt: Date, at: Date) {
  await db
    .insert(lineFollowers)
    .values({ lineUserId, following, eventAt, updatedAt: at })
    .onConflictDoUpdate({
      target: lineFollowers.lineUserId,
      set: { following, eventAt, updatedAt: at },
      setWhere: sql`${lineFollowers.eventAt} <= ${eventAt}`,
    });
}

/** true the first time a webhookEventId is seen; false for a redelivery. */
export async function takeWebhookEvent(db: Db, webhookEventId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(lineWebhookEvents)
    .values({ webhookEventId, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: lineWebhookEvents.webhookEventId });
  return rows.length > 0;
}

/** true the first time a login state comes back; false when it was used before. */
export async function spendState(db: Db, stateHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(lineLoginSpentStates)
    .values({ stateHash, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: lineLoginSpentStates.stateHash });
  return rows.length > 0;
}

const WEEK_MS = 7 * 86_400_000;

/** Spent states past their cookie's life, webhook ids past LINE's redelivery window. */
export async function sweep(db: Db, now: Date): Promise<void> {
  await db.delete(lineLoginSpentStates).where(lt(lineLoginSpentStates.expiresAt, now));
  await db.delete(lineWebhookEvents).where(lt(lineWebhookEvents.receivedAt, new Date(now.getTime() - WEEK_MS)));
}
