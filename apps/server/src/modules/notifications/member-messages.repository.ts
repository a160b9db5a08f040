// The log of member messages (issue 43, docs/decisions/086): one row per job and channel.
import { and, eq, sql } from 'drizzle-orm';
import type { MemberMessageKind, OrderMessageChannel } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { memberMessages } from '../../db/schema/index.ts';
import { firstTryColumns, type MessageTry } from './message-tries.ts';

export type MemberMessageRow = typeof memberMessages.$inferSelect;

export async function findMessage(db: Db, jobId: number, channel: OrderMessageChannel) {
  const [row] = await db
    .select()
    .from(memberMessages)
    .where(and(eq(memberMessages.jobId, jobId), eq(memberMessages.channel, channel)));
  return row;
}

export interface MemberMessageOutcome extends MessageTry<MemberMessageKind> {
  memberId: number;
}

/** Records how the message of a job on a channel stands after this try. */
export async function recordOutcome(db: Db, o: MemberMessageOutcome): Promise<void> {
  const values = {
    recipient: o.recipient,
    status: o.status,
    updatedAt: o.at,
    ...(o.error !== undefined || o.status !== 'queued' ? { error: o.error ?? '' } : {}),
    ...(o.providerMessageId !== undefined ? { providerMessageId: o.providerMessageId } : {}),
    ...(o.status === 'sent' ? { sentAt: o.at } : {}),
    ...(o.providerRequestId !== undefined ? { providerRequestId: o.providerRequestId } : {}),
  };
  await db
    .insert(memberMessages)
    .values({
      memberId: o.memberId,
      ...firstTryColumns(o),
      ...values,
    })
    .onConflictDoUpdate({
      target: [memberMessages.jobId, memberMessages.channel],
      set: { ...values, attempts: o.tried ? sql`${memberMessages.attempts} + 1` : memberMessages.attempts },
    });
}

export async function listMemberMessages(db: Db, memberId: number): Promise<MemberMessageRow[]> {
  return db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(memberMessages.id);
}
