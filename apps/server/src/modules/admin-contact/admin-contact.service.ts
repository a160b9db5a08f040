// Contact inbox (issue 7 item 7): the shop reads messages from the contact form and marks them read.
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/index.ts';
import * as repo from './admin-contact.repository.ts';

export interface Actor {
  id: number;
}

function messageJson(m: Awaited<ReturnType<typeof repo.findMessages>>[number]) {
  return {
    id: m.id,
    name: m.name,
    phone: m.phone,
    email: m.email,
    content: m.content,
    is_read: m.readAt !== null,
    read_at: m.readAt ? m.readAt.toISOString() : null,
    created_at: m.createdAt.toISOString(),
  };
}

export async function listMessages(db: Db, q: { state?: 'unread' | 'read'; page: number; size: number }) {
  const [rows, total, unread] = await Promise.all([
    repo.findMessages(db, q.state, q.size, (q.page - 1) * q.size),
    repo.countMessages(db, q.state),
    repo.countMessages(db, 'unread'),
  ]);
  return { data: rows.map(messageJson), total, unread };
}

export async function unreadCount(db: Db): Promise<number> {
  return repo.countMessages(db, 'unread');
}

export async function markRead(db: Db, actor: Actor, id: number, read: boolean, now: Date) {
  const after = await db.transaction(async (tx) => {
    const before = await repo.findMessage(tx, id);
    if (!before) throw new NotFound('找不到此留言');
    const row = (await repo.setRead(tx, id, read, now))!;
    await recordAudit(tx, {
      staffId: actor.id,
      action: read ? 'read' : 'unread',
      entity: 'contact_messages',
      entityId: id,
      before: { read_at: before.readAt },
      after: { read_at: row.readAt },
    });
    return row;
  });
  return messageJson(after);
}
