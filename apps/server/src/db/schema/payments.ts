// Money that moved for an order (issue 16): a LINE Pay reservation and its confirmation, refunds
// through LINE Pay or ECPay, and the shop's own transfers back. Written by the payments module only.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

export const PAYMENT_PROVIDERS = ['linepay', 'ecpay', 'bankcard', 'manual'] as const;
export const PAYMENT_TRANSACTION_KINDS = ['request', 'confirm', 'refund'] as const;
export const PAYMENT_TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed'] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** One call to a provider about an order's money, or a refund the staff made by hand. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The order the money belongs to. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 'linepay', 'ecpay' or 'manual' (a transfer the shop made itself). */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** 'request' (reserved, the shopper is sent to pay), 'confirm' (captured) or 'refund'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The provider's transaction id (LINE Pay: 19 digits, kept as text); '' for a manual refund. */
    transactionId: text('transaction_id').notNull().default(''),
    /** The order id the provider was given (LINE Pay needs a new one for each new request). */
    providerOrderId: varchar('provider_order_id', { length: 100 }).notNull().default(''),
    /** NT$. */
    amount: integer('amount').notNull(),
    /** 'pending' (asked, no final answer yet), 'succeeded' or 'failed'. */
    status: varchar('status', { length: 16 }).notNull(),
    /** The provider's result code ('0000' for LINE Pay's success). */
    returnCode: varchar('return_code', { length: 16 }).notNull().default(''),
    /** The provider's message, or the staff's note of a manual refund. */
    message: text('message').notNull().default(''),
    /** The provider's answer as received (no secret is ever in it). */
    answer: jsonb('answer'),
    /** Who recorded a manual refund. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** When created. */
    createdAt: createdAt(),
    /** When the status last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_payment_transactions_order_id').on(t.orderId),
    // A provider's transaction is confirmed or refunded once: a replay finds the row.
    uniqueIndex('uq_payment_transactions_provider_kind_transaction')
      .on(t.provider, t.kind, t.transactionId)
      .where(sql`${t.transactionId} <> ''`),
    check('payment_transactions_amount_non_negative', sql`${t.amount} >= 0`),
    check('payment_transactions_provider_known', sql`${t.provider} IN (${inList(PAYMENT_PROVIDERS)})`),
    check('payment_transactions_kind_known', sql`${t.kind} IN (${inList(PAYMENT_TRANSACTION_KINDS)})`),
    check('payment_transactions_status_known', sql`${t.status} IN (${inList(PAYMENT_TRANSACTION_STATUSES)})`),
  ],
);
