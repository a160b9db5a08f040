// Short messages to a member that are not about an order (issue 43: 貨到通知, cart reminders), one row
// per job and channel, so a retried job never sends a channel twice (docs/decisions/086).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, unique } from 'drizzle-orm/pg-core';
import { messageTryColumns } from './message-tries.ts';
import { belongsToMember } from './members.ts';

/** One message of one job on one channel; a retried job updates its row. */
export const memberMessages = pgTable(
  'member_messages',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The member it went to. */
    memberId: belongsToMember(),
    ...messageTryColumns(),
  },
  (t) => [
    unique('uq_member_messages_job_channel').on(t.jobId, t.channel),
    index('idx_member_messages_member_id').on(t.memberId, t.id),
    check('member_messages_channel_known', sql`${t.channel} IN ('sms', 'email', 'line')`),
    check('member_messages_status_known', sql`${t.status} IN ('queued', 'sent', 'failed', 'skipped')`),
  ],
);
