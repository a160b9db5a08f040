// The official account's webhook (issue 41 item 2): LINE signs the raw body (x-line-signature, Base64
// HMAC-SHA256 with the channel secret); the shop keeps who follows and who unfollowed (blocked). A
// redelivery carries the same webhookEventId and changes nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import * as repo from './line-accounts.repository.ts';

export function lineSignature(channelSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

export function signatureMatches(channelSecret: string, rawBody: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(lineSignature(channelSecret, rawBody));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const eventSchema = z.looseObject({
  type: z.string().max(40),
  webhookEventId: z.string().min(1).max(64),
  timestamp: z.number().int().nonnegative(),
  source: z.looseObject({ type: z.string().max(20), userId: z.string().max(64).optional() }).optional(),
});

/** LINE's webhook body; the events the shop does not use (messages, postbacks…) are kept out. */
export const webhookBodySchema = z.looseObject({
  destination: z.string().max(64).optional(),
  events: z.array(eventSchema).max(100),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/** Takes each event once, in one transaction: a redelivered batch after a crash replays only what was not kept. */
export async function recordWebhookEvents(db: Db, body: WebhookBody, now: Date): Promise<number> {
  let taken = 0;
  await db.transaction(async (tx) => {
    for (const event of body.events) {
      if (!(await repo.takeWebhookEvent(tx, event.webhookEventId, now))) continue;
      taken++;
      const userId = event.source?.type === 'user' ? event.source.userId : undefined;
      if (!userId || (event.type !== 'follow' && event.type !== 'unfollow')) continue;
      await repo.recordFollow(tx, userId, event.type === 'follow', new Date(event.timestamp), now);
    }
  });
  return taken;
}
