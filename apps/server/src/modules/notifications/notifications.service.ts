// The back office's view of order messages: an order's 通知紀錄, and the per-kind switches.
import {
  type AdminOrderMessage,
  ORDER_MESSAGE_KINDS,
  type OrderMessageChannel,
  type OrderMessageKind,
  type OrderMessageStatus,
  type OrderMessageSwitches,
  type OrderMessageSwitchesBody,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import * as repo from './order-messages.repository.ts';

export async function listOrderMessages(db: Db, orderId: number): Promise<AdminOrderMessage[]> {
  const rows = await repo.listOrderMessages(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as OrderMessageKind,
    channel: r.channel as OrderMessageChannel,
    recipient: r.recipient,
    status: r.status as OrderMessageStatus,
    attempts: r.attempts,
    error: r.error,
    provider_message_id: r.providerMessageId,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}

export async function getSwitches(db: Db): Promise<OrderMessageSwitches> {
  const off = await repo.findDisabledKinds(db);
  return { kinds: ORDER_MESSAGE_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })) };
}

/** The ticked kinds are on, every other kind off. */
export async function saveSwitches(
  db: Db,
  staffId: number,
  body: OrderMessageSwitchesBody,
  now: Date,
): Promise<OrderMessageSwitches> {
  const on = new Set(body.enabled);
  await repo.saveSwitches(
    db,
    ORDER_MESSAGE_KINDS.map((kind) => ({ kind, enabled: on.has(kind) })),
    staffId,
    now,
  );
  return getSwitches(db);
}
