// The notify-order job (issue 17 item 4, docs/decisions/055), registered with the job runner by main.ts.
// It reads the order as it is now, sends the kind's SMS to the buyer's mobile number (or, issue 41, a
// LINE push to a member who chose LINE, the SMS going only when LINE cannot take it) and its email to
// the member's address, and logs each channel's outcome for the order's 通知紀錄. A channel already
// sent is not sent again when the job retries for the other one; a failure throws, so the runner
// retries with backoff, and the order itself is never touched.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  maskEmail,
  maskPhone,
  ORDER_MESSAGE_KINDS,
  type OrderMessageChannel,
  type OrderMessageFacts,
  type OrderMessageKind,
  orderEmail,
  orderLineText,
  orderSmsText,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { describeJobError, type JobContext, type JobHandler } from '../jobs/index.ts';
import { LinePushError, lineRecipientOf, lineRetryKey, type LinePushSender } from '../line/index.ts';
import { findMemberEmail, SmsSendError, type SmsSender } from '../members/index.ts';
import { NOTIFY_ORDER_JOB, readOrderForMessage } from '../orders/index.ts';
import { getShopMessageSettings } from '../settings/index.ts';
import type { MailSender } from './mail-sender.ts';
import { messageFactsOf } from './order-message-facts.ts';
import * as repo from './order-messages.repository.ts';

const payloadSchema = z.object({ orderId: z.number().int().positive(), kind: z.enum(ORDER_MESSAGE_KINDS) });

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  sms: SmsSender;
  mail: MailSender;
  /** The official account's push (issue 41); absent or null when LINE_MESSAGING_MODE=off. */
  line?: LinePushSender | null;
  now?: () => Date;
}

/** Why a message was not sent, as the back office reads it. */
const SWITCHED_OFF = '此類通知已在商店設定中關閉';

/**
 * Mitake's clientid of an order SMS (at most 36 characters): the job, the try that made it, and 8 hex
 * digits of the shop's address, since the gateway wants it unique for the account and a staging shop
 * may share the account (its job ids repeat the production shop's).
 */
export function smsClientId(publicUrl: string, jobId: number, tryNumber: number): string {
  const shop = createHash('sha256').update(publicUrl).digest('hex').slice(0, 8);
  return `om-${jobId}-${tryNumber}-${shop}`;
}

type Recipient = { channel: OrderMessageChannel; to: string; masked: string };
type MessageBase = { orderId: number; jobId: number; kind: OrderMessageKind };

export function notifyOrderHandler(deps: NotifyDeps): JobHandler {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return async (input, ctx) => {
    const { orderId, kind } = payloadSchema.parse(input);
    const order = await readOrderForMessage(db, orderId);
    if (!order) return; // deleted since: nobody to tell
    const email = order.memberId !== null ? await findMemberEmail(db, order.memberId) : null;
    // issue 41: a member who linked LINE, follows the official account and chose LINE gets it there.
    const lineUser = deps.line && order.memberId !== null ? await lineRecipientOf(db, order.memberId) : null;
    const sms: Recipient = { channel: 'sms', to: order.cellphone, masked: maskPhone(order.cellphone) };
    const line: Recipient | null = lineUser ? { channel: 'line', to: lineUser, masked: maskLineUser(lineUser) } : null;
    const mail: Recipient[] = email ? [{ channel: 'email', to: email, masked: maskEmail(email) }] : [];
    const base = { orderId, jobId: ctx.jobId, kind };
    if ((await repo.findDisabledKinds(db)).has(kind)) {
      for (const r of [line ?? sms, ...mail]) {
        await repo.recordOutcome(db, {
          ...base,
          ...outcomeOf(r),
          status: 'skipped',
          error: SWITCHED_OFF,
          tried: false,
          at: now(),
        });
      }
      return;
    }
    const facts = messageFactsOf(kind, order, await getShopMessageSettings(db), deps.config.publicUrl);
    const failures: string[] = [];
    const send = { deps, ctx, base, facts, failures, now };
    // The SMS goes when LINE cannot take the message; while LINE may still take it, it waits.
    const byLine = line ? await sendByLine(send, line) : 'fallback';
    if (byLine === 'fallback') await sendOnce(send, sms);
    for (const r of mail) await sendOnce(send, r);
    if (failures.length > 0) throw new Error(`訊息未送出，稍後重試 (${failures.join('; ')})`);
  };
}

const outcomeOf = (r: Recipient) => ({ channel: r.channel, recipient: r.masked });

/** `U4af4980629…` → `U4af4***629c`: enough for staff to tell LINE accounts apart. */
function maskLineUser(userId: string): string {
  return `${userId.slice(0, 5)}***${userId.slice(-4)}`;
}

interface Sending {
  deps: NotifyDeps;
  ctx: JobContext;
  base: MessageBase;
  facts: OrderMessageFacts;
  failures: string[];
  now: () => Date;
}

/** Tries of one LINE message before its SMS goes instead: LINE down for this long should not silence the shop. */
const LINE_TRIES = 3;

/**
 * The LINE push of the message: 'done' when LINE took it (now or on an earlier try), 'wait' when LINE
 * could not be reached and will be tried again, 'fallback' when the SMS must go instead (LINE refused
 * it: blocked, no friend; or it failed LINE_TRIES times).
 */
async function sendByLine(s: Sending, r: Recipient): Promise<'done' | 'wait' | 'fallback'> {
  const { db } = s.deps;
  const logged = await repo.findMessage(db, s.ctx.jobId, 'line');
  if (logged?.status === 'sent') return 'done';
  if (logged?.status === 'skipped' || (logged?.status === 'failed' && logged.attempts >= LINE_TRIES)) return 'fallback';
  s.ctx.signal.throwIfAborted();
  // The same key on every try of this message: LINE answers a repeat with 409 instead of a second message.
  const retryKey = logged?.providerRequestId || lineRetryKey(s.deps.config.publicUrl, s.ctx.jobId, 'line');
  const at = s.now();
  await repo.rememberRequestId(db, { ...s.base, ...outcomeOf(r), requestId: retryKey, at });
  try {
    const sent = await s.deps.line!.push(r.to, [{ type: 'text', text: orderLineText(s.base.kind, s.facts) }], {
      retryKey,
      signal: s.ctx.signal,
    });
    await repo.recordOutcome(db, {
      ...s.base,
      ...outcomeOf(r),
      status: 'sent',
      providerMessageId: sent.messageId,
      tried: true,
      at: s.now(),
    });
    return 'done';
  } catch (err) {
    const error = describeJobError(err);
    if (err instanceof LinePushError && err.refused) {
      await repo.recordOutcome(db, {
        ...s.base,
        ...outcomeOf(r),
        status: 'skipped',
        error: `${error}（改以簡訊發送）`,
        tried: true,
        at: s.now(),
      });
      return 'fallback';
    }
    await repo.recordOutcome(db, { ...s.base, ...outcomeOf(r), status: 'failed', error, tried: true, at: s.now() });
    if ((logged?.attempts ?? 0) + 1 >= LINE_TRIES) return 'fallback';
    s.failures.push(`line: ${error}`);
    return 'wait';
  }
}

/** The SMS or the email of the message, once: a channel already sent is not sent again on a retry. */
async function sendOnce(s: Sending, r: Recipient): Promise<void> {
  const { db, sms, mail, config } = s.deps;
  const logged = await repo.findMessage(db, s.ctx.jobId, r.channel);
  if (logged?.status === 'sent' || logged?.status === 'skipped') return; // nothing goes twice
  if (!r.to.trim()) {
    await repo.recordOutcome(db, {
      ...s.base,
      channel: r.channel,
      recipient: '',
      status: 'skipped',
      error: '沒有手機號碼',
      tried: false,
      at: s.now(),
    });
    return;
  }
  // Another runner may hold the job now (decision 077): it sends, this one does not.
  s.ctx.signal.throwIfAborted();
  try {
    let providerMessageId = '';
    if (r.channel === 'sms') {
      // Written before the call, so a try after a lost answer sends the same key and the gateway
      // answers it without sending again; two runners on one job derive the same key too.
      const requestId =
        logged?.providerRequestId || smsClientId(config.publicUrl, s.ctx.jobId, (logged?.attempts ?? 0) + 1);
      await repo.rememberRequestId(db, { ...s.base, ...outcomeOf(r), requestId, at: s.now() });
      const sent = await sms.send(r.to, orderSmsText(s.base.kind, s.facts), {
        clientId: requestId,
        signal: s.ctx.signal,
      });
      providerMessageId = sent.messageId;
    } else {
      const host = new URL(config.publicUrl).hostname || 'localhost';
      const sent = await mail.send({
        to: r.to,
        ...orderEmail(s.base.kind, s.facts),
        messageId: `<order-message-${s.ctx.jobId}@${host}>`,
      });
      providerMessageId = sent.messageId;
    }
    await repo.recordOutcome(db, {
      ...s.base,
      ...outcomeOf(r),
      status: 'sent',
      providerMessageId,
      tried: true,
      at: s.now(),
    });
  } catch (err) {
    const error = describeJobError(err);
    s.failures.push(`${r.channel}: ${error}`);
    await repo.recordOutcome(db, {
      ...s.base,
      ...outcomeOf(r),
      status: 'failed',
      error,
      // A refusal was answered: the gateway would repeat it for the same key, so the next try gets a new one.
      ...(err instanceof SmsSendError && err.refused ? { providerRequestId: '' } : {}),
      tried: true,
      at: s.now(),
    });
  }
}

export function notificationJobHandlers(deps: NotifyDeps): Record<string, JobHandler> {
  return { [NOTIFY_ORDER_JOB]: notifyOrderHandler(deps) };
}
