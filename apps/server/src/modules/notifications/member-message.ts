// The member message (issue 43, docs/decisions/086): a short text with one link to a member, sent from
// a job by the member's channels, each channel's outcome logged per job, so a retried job never sends a
// channel that already went. 貨到通知 and cart reminders use it. A member who chose LINE for their
// messages gets it by LINE push instead of SMS, the SMS going only when LINE cannot take it.
import {
  maskEmail,
  maskPhone,
  type MemberMessageContent,
  type MemberMessageKind,
  type OrderMessageChannel,
} from '@shop/domain';
import { describeJobError, type JobContext } from '../jobs/index.ts';
import { lineRecipientOf } from '../line/index.ts';
import { findMemberContact, SmsSendError } from '../members/index.ts';
import { type LineLog, maskLineUser, sendByLine } from './line-delivery.ts';
import * as repo from './member-messages.repository.ts';
import { type NotifyDeps, smsClientId } from './notify-order-job.ts';

/** The senders of a member message: the same channels, and the same shop, as an order's notifications. */
export type MemberMessageDeps = NotifyDeps;

export interface MemberRecipient {
  channel: OrderMessageChannel;
  to: string;
  masked: string;
}

/**
 * The one place that decides how a member is reached: SMS to the mobile number, and email as well when
 * they gave one. A member who linked LINE, follows the official account and chose LINE (`lineUser`)
 * is reached there first, the SMS standing by for when LINE cannot take the message.
 */
export function memberChannels(
  contact: { cellPhone: string; email: string | null },
  lineUser: string | null = null,
): MemberRecipient[] {
  return [
    ...(lineUser ? [{ channel: 'line' as const, to: lineUser, masked: maskLineUser(lineUser) }] : []),
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

/** The LINE row of the job in the member message log. */
function lineLog(
  deps: MemberMessageDeps,
  log: Pick<repo.MemberMessageOutcome, 'memberId' | 'jobId' | 'kind'>,
  r: MemberRecipient,
  now: () => Date,
): LineLog {
  const row = () => ({ ...log, channel: 'line' as const, recipient: r.masked, at: now() });
  return {
    find: () => repo.findMessage(deps.db, log.jobId, 'line'),
    rememberKey: (key) =>
      repo.recordOutcome(deps.db, { ...row(), status: 'queued', providerRequestId: key, tried: false }),
    record: (o) => repo.recordOutcome(deps.db, { ...row(), ...o, tried: true }),
  };
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
  const lineUser = deps.line ? await lineRecipientOf(deps.db, message.memberId) : null;
  const channels = memberChannels(contact, lineUser);
  const failures: string[] = [];
  const line = channels.find((r) => r.channel === 'line');
  // The SMS goes when LINE cannot take the message; while LINE may still take it, it waits.
  const byLine = line
    ? await sendByLine({
        line: deps.line!,
        publicUrl: deps.config.publicUrl,
        ctx,
        to: line.to,
        text: message.content.sms,
        failures,
        log: lineLog(deps, log, line, now),
      })
    : 'fallback';
  let sent = byLine === 'sent' ? 1 : 0;
  for (const r of channels) {
    if (r.channel === 'line' || (r.channel === 'sms' && byLine !== 'fallback')) continue;
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
