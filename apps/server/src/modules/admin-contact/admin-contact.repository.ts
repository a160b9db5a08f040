// SQL of the contact inbox: messages from the contact form (POST /contact-us), newest first, and their read state.
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

type Handle = Db | Tx;
export type InboxState = 'unread' | 'read' | undefined;

function stateCondition(state: InboxState): SQL | undefined {
  if (state === 'unread') return isNull(contactMessages.readAt);
  if (state === 'read') return isNotNull(contactMessages.readAt);
  return undefined;
}

export async function findMessages(db: Handle, state: InboxState, limit: number, offset: number) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      phone: contactMessages.phone,
      email: contactMessages.email,
      content: contactMessages.content,
      readAt: contactMessages.readAt,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(stateCondition(state))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

export async function countMessages(db: Handle, state: InboxState): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(stateCondition(state));
  return row?.n ?? 0;
}

export async function findMessage(db: Handle, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}

/** Marks read (keeping the first read time) or unread. */
export async function setRead(tx: Tx, id: number, read: boolean, now: Date) {
  const [row] = await tx
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(eq(contactMessages.id, id)))
    .returning();
  return row ?? null;
}
