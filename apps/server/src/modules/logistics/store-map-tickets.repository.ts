// SQL of the store-map tickets (docs/decisions/077), the logistics module's own table.
import { and, eq, lt } from 'drizzle-orm';
import type { StoreChain } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { storeMapTickets } from '../../db/schema/index.ts';

export type StoreMapTicketRow = typeof storeMapTickets.$inferSelect;

/** Records a ticket just issued, and forgets the member's tickets from before `forgetBefore`. */
export async function insertTicket(
  db: Db,
  ticket: { tradeNo: string; memberId: number; subType: string; at: Date; forgetBefore: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(storeMapTickets)
      .where(and(eq(storeMapTickets.memberId, ticket.memberId), lt(storeMapTickets.createdAt, ticket.forgetBefore)));
    await tx.insert(storeMapTickets).values({
      tradeNo: ticket.tradeNo,
      memberId: ticket.memberId,
      subType: ticket.subType,
      createdAt: ticket.at,
    });
  });
}

export async function findTicket(db: Db, tradeNo: string): Promise<StoreMapTicketRow | undefined> {
  const [row] = await db.select().from(storeMapTickets).where(eq(storeMapTickets.tradeNo, tradeNo));
  return row;
}

/** The store the map's reply chose on this ticket (a later reply replaces an earlier one). */
export async function recordReply(
  db: Db,
  tradeNo: string,
  store: { chain: StoreChain; id: string; name: string; address: string; outside: boolean },
  at: Date,
): Promise<void> {
  await db
    .update(storeMapTickets)
    .set({
      repliedAt: at,
      storeChain: store.chain,
      storeId: store.id,
      storeName: store.name,
      storeAddress: store.address,
      storeOutside: store.outside,
    })
    .where(eq(storeMapTickets.tradeNo, tradeNo));
}
