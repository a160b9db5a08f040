// Messages from the contact form (POST /contact-us, spec §5 contact form).
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tstz } from './columns.ts';

/** One row per submitted contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    /** Key. */
    id: id(),
    /** Sender name. */
    name: text('name').notNull(),
    /** Sender phone. */
    phone: text('phone').notNull(),
    /** Sender e-mail. */
    email: text('email').notNull(),
    /** Message, at most 200 characters (spec §5). */
    content: text('content').notNull(),
    /** Sender IP, for abuse handling. */
    ip: text('ip').notNull().default(''),
    /** When staff read it; NULL = unread. */
    readAt: tstz('read_at'),
    /** When sent. */
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_contact_messages_created_at').on(t.createdAt),
    index('idx_contact_messages_unread')
      .on(t.createdAt)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
