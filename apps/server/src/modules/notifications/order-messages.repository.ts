// The notifications module's tables: the per-order message log and the per-kind switches.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderMessageChannel, OrderMessageKind } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { orderMessages, orderMessageSwitches } from '../../db/schema/index.ts';
import { firstTryColumns, type MessageTry } from './message-tries.ts';
import { recordAudit } from '../admin/index.ts';

export type OrderMessageRow = typeof orderMessages.$inferSelect;

/** The kinds switched off; a kind without a row is on. */
export async function findDisabledKinds(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ kind: orderMessageSwitches.kind })
    .from(orderMessageSwitches)
    .where(eq(orderMessageSwitches.enabled, false));
  return new Set(rows.map((r) => r.kind));
}

export async function saveSwitches(
  db: Db,
  switches: { kind: OrderMessageKind; enabled: boolean }[],
  staffId: number,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx
      .select({ kind: orderMessageSwitches.kind, enabled: orderMessageSwitches.enabled })
      .from(orderMessageSwitches);
    // Which messages the shop stopped sending is a decision staff may be asked about later.
    await recordAudit(tx, {
      staffId,
      action: 'update',
      entity: 'order_message_switches',
      entityId: 'all',
      before: Object.fromEntries(before.map((r) => [r.kind, r.enabled])),
      after: Object.fromEntries(switches.map((r) => [r.kind, r.enabled])),
    });
    for (const s of switches) {
      await tx
        .insert(orderMessageSwitches)
        .values({ kind: s.kind, enabled: s.enabled, updatedBy: staffId, updatedAt: at })
        .onConflictDoUpdate({
          target: orderMessageSwitches.kind,
          set: { enabled: s.enabled, updatedBy: staffId, updatedAt: at },
        });
    }
  });
}

export async function findMessage(db: Db, jobId: number, channel: OrderMessageChannel) {
  const [row] = await db
    .select()
    .from(orderMessages)
    .where(and(eq(orderMessages.jobId, jobId), eq(orderMessages.channel, channel)));
  return row;
}

export interface MessageOutcome extends MessageTry<OrderMessageKind> {
  orderId: number;
}

/** Records how the message of a job on a channel stands after this try. */
export async function recordOutcome(db: Db, o: MessageOutcome): Promise<void> {
  const values = {
    recipient: o.recipient,
    status: o.status,
    error: o.error ?? '',
    providerMessageId: o.providerMessageId ?? '',
    sentAt: o.status === 'sent' ? o.at : null,
    updatedAt: o.at,
    ...(o.providerRequestId !== undefined ? { providerRequestId: o.providerRequestId } : {}),
  };
  await db
    .insert(orderMessages)
    .values({
      orderId: o.orderId,
      ...firstTryColumns(o),
      ...values,
    })
    .onConflictDoUpdate({
      target: [orderMessages.jobId, orderMessages.channel],
      set: { ...values, attempts: o.tried ? sql`${orderMessages.attempts} + 1` : orderMessages.attempts },
    });
}

/** Stores the key a message is about to be sent with, before the provider is asked. */
export async function rememberRequestId(
  db: Db,
  o: Pick<MessageOutcome, 'orderId' | 'jobId' | 'kind' | 'channel' | 'recipient' | 'at'> & { requestId: string },
): Promise<void> {
  await db
    .insert(orderMessages)
    .values({
      orderId: o.orderId,
      jobId: o.jobId,
      kind: o.kind,
      channel: o.channel,
      recipient: o.recipient,
      providerRequestId: o.requestId,
      createdAt: o.at,
      updatedAt: o.at,
    })
    .onConflictDoUpdate({
      target: [orderMessages.jobId, orderMessages.channel],
      set: { providerRequestId: o.requestId, updatedAt: o.at },
    });
}

export async function listOrderMessages(db: Db, orderId: number): Promise<OrderMessageRow[]> {
  return db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(asc(orderMessages.id));
}
