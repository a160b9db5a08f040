// The member message (issue 43, docs/decisions/086): a short text with one link to a member, sent from
// a job by the member's channels, each channel's outcome logged per job, so a retried job never sends a
// channel that already went. 貨到通知 and cart reminders use it; LINE joins in memberChannels.
import {
  maskEmail,
  maskPhone,
  type MemberMessageContent,
  type MemberMessageKind,
  type OrderMessageChannel,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { describeJobError, type JobContext } from '../jobs/index.ts';
import { findMemberContact, SmsSendError, type SmsSender } from '../members/index.ts';
import type { MailSender } from './mail-sender.ts';
import * as repo from './member-messages.repository.ts';
import { smsClientId } from './notify-order-job.ts';

export interface MemberMessageDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  sms: SmsSender;
  mail: MailSender;
  now?: () => Date;
}

export interface MemberRecipient {
  channel: OrderMessageChannel;
  to: string;
  masked: string;
}

/**
 * The one place that decides how a member is reached: SMS to the mobile number, and email as well when
 * they gave one. A LINE channel, once a member links it, is chosen here (falling back to SMS).
 */
export function memberChannels(contact: { cellPhone: string; email: string | null }): MemberRecipient[] {
  return [
    ...(contact.cellPhone.trim()
      ? [{ channel: 'sms' as const, to: contact.cellPhone, masked: maskPhone(contact.cellPhone) }]
      : []),
    ...(contact.email ? [{ channel: 'email' as const, to: contact.email, masked: maskEmail(contact.email) }] : []),
  ];
}

async function deliver(
  deps: MemberMessageDeps,
  ctx: JobContext,
  r: MemberRecipient,
  content: MemberMessageContent,
  log: Pick<repo.MemberMessageOutcome, 'memberId' | 'jobId' | 'kind'>,
  now: () => Date,
): Promise<string> {
  if (r.channel === 'sms') {
    const logged = await repo.findMessage(deps.db, ctx.jobId, 'sms');
    // Written before the call, so a try after a lost answer sends the same key and the gateway drops it.
    const requestId =
      logged?.providerRequestId || smsClientId(deps.config.publicUrl, ctx.jobId, (logged?.attempts ?? 0) + 1);
    await repo.recordOutcome(deps.db, {
      ...log,
      channel: 'sms',
      recipient: r.masked,
      status: 'queued',
      providerRequestId: requestId,
      tried: false,
      at: now(),
    });
    return (await deps.sms.send(r.to, content.sms, { clientId: requestId, signal: ctx.signal })).messageId;
  }
  const host = new URL(deps.config.publicUrl).hostname || 'localhost';
  const sent = await deps.mail.send({ to: r.to, ...content.email, messageId: `<member-message-${ctx.jobId}@${host}>` });
  return sent.messageId;
}

/**
 * Sends `content` to the member on each of their channels not yet sent by this job; throws when one
 * failed, so the runner retries the job for that channel only. A member gone or switched off sends nothing.
 */
export async function sendMemberMessage(
  deps: MemberMessageDeps,
  ctx: JobContext,
  message: { memberId: number; kind: MemberMessageKind; content: MemberMessageContent },
): Promise<{ sent: number }> {
  const now = deps.now ?? (() => new Date());
  const contact = await findMemberContact(deps.db, message.memberId);
  if (!contact?.active) return { sent: 0 };
  const log = { memberId: message.memberId, jobId: ctx.jobId, kind: message.kind };
  const failures: string[] = [];
  let sent = 0;
  for (const r of memberChannels(contact)) {
    const logged = await repo.findMessage(deps.db, ctx.jobId, r.channel);
    if (logged?.status === 'sent') continue; // nothing goes twice
    // Another runner may hold the job now (decision 077): it sends, this one does not.
    ctx.signal.throwIfAborted();
    try {
      const providerMessageId = await deliver(deps, ctx, r, message.content, log, now);
      await repo.recordOutcome(deps.db, {
        ...log,
        channel: r.channel,
        recipient: r.masked,
        status: 'sent',
        providerMessageId,
        tried: true,
        at: now(),
      });
      sent += 1;
    } catch (err) {
      const error = describeJobError(err);
      failures.push(`${r.channel}: ${error}`);
      await repo.recordOutcome(deps.db, {
        ...log,
        channel: r.channel,
        recipient: r.masked,
        status: 'failed',
        error,
        // A refusal was answered: the gateway would repeat it for the same key, so the next try gets a new one.
        ...(err instanceof SmsSendError && err.refused ? { providerRequestId: '' } : {}),
        tried: true,
        at: now(),
      });
    }
  }
  if (failures.length > 0) throw new Error(`訊息未送出，稍後重試 (${failures.join('; ')})`);
  return { sent };
}
