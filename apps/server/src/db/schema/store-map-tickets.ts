// Store-map tickets (issue 37 item 6, docs/decisions/053 and 077): each time a member opens the chain's
// store map the shop records the ticket it sends along, so the map's reply (posted by the shopper's
// browser, unsigned by ECPay) and then the order can be checked against a ticket this member was given.
// Written by the logistics module only.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { belongsToMember } from './members.ts';

/** One opening of the store map; the reply fills in the store it chose. */
export const storeMapTickets = pgTable(
  'store_map_tickets',
  {
    /** MerchantTradeNo sent to the map: `SM`, the time in base 36, 8 random characters. */
    tradeNo: varchar('trade_no', { length: 20 }).primaryKey(),
    /** The member who opened the map; only their order may take its store. */
    memberId: belongsToMember(),
    /** LogisticsSubType the map was opened for (UNIMARTC2C, FAMI…). */
    subType: varchar('sub_type', { length: 16 }).notNull(),
    /** When the map was opened; the reply is taken for two hours, the store for a day. */
    createdAt: createdAt(),
    /** When the map's reply came; NULL until then. A later reply on the same ticket replaces the store. */
    repliedAt: tstz('replied_at'),
    /** StoreChain of the chosen store (UNIMART, FAMI, HILIFE, OKMART); '' until the reply. */
    storeChain: varchar('store_chain', { length: 8 }).notNull().default(''),
    /** CVSStoreID as the map's reply named it. */
    storeId: varchar('store_id', { length: 10 }).notNull().default(''),
    /** CVSStoreName. */
    storeName: text('store_name').notNull().default(''),
    /** CVSAddress. */
    storeAddress: text('store_address').notNull().default(''),
    /** CVSOutSide: the store is on an outlying island. */
    storeOutside: boolean('store_outside').notNull().default(false),
  },
  (t) => [
    // Issuing a ticket clears the member's old ones.
    index('idx_store_map_tickets_member_id').on(t.memberId, t.createdAt),
    check('store_map_tickets_replied_has_store', sql`${t.repliedAt} IS NULL OR ${t.storeId} <> ''`),
  ],
);
