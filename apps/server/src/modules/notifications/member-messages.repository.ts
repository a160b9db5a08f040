// The log of member messages (issue 43, docs/decisions/086): one row per job and channel.
import { and, eq, sql } from 'drizzle-orm';
import type { MemberMessageKind, OrderMessageChannel, OrderMessageStatus } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { memberMessages } from '../../db/schema/index.ts';

export type MemberMessageRow = typeof memberMessages.$inferSelect;

export async function findMessage(db: Db, jobId: number, channel: OrderMessageChannel) {
  const [row] = await db
    .select()
    .from(memberMessages)
    .where(and(eq(memberMessages.jobId, jobId), eq(memberMessages.channel, channel)));
  return row;
}

export interface MemberMessageOutcome {
  memberId: number;
  jobId: number;
  kind: MemberMessageKind;
  channel: OrderMessageChannel;
  recipient: string;
  status: OrderMessageStatus;
  error?: string;
  providerMessageId?: string;
  /** Replaces the stored request key when given ('' to clear it); kept when absent. */
  providerRequestId?: string;
  /** A try reached the provider (counted in attempts). */
  tried: boolean;
  at: Date;
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
      jobId: o.jobId,
      kind: o.kind,
      channel: o.channel,
      attempts: o.tried ? 1 : 0,
      createdAt: o.at,
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
