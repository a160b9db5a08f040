// The notify-order job (issue 17 item 4, docs/decisions/055), registered with the job runner by main.ts.
// It reads the order as it is now, sends the kind's SMS to the buyer's mobile number and its email to
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
  orderEmail,
  orderSmsText,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { describeJobError, type JobHandler } from '../jobs/index.ts';
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

export function notifyOrderHandler(deps: NotifyDeps): JobHandler {
  const { db, sms, mail } = deps;
  const now = deps.now ?? (() => new Date());
  return async (input, ctx) => {
    const { orderId, kind } = payloadSchema.parse(input);
    const order = await readOrderForMessage(db, orderId);
    if (!order) return; // deleted since: nobody to tell
    const email = order.memberId !== null ? await findMemberEmail(db, order.memberId) : null;
    const recipients: { channel: OrderMessageChannel; to: string; masked: string }[] = [
      { channel: 'sms', to: order.cellphone, masked: maskPhone(order.cellphone) },
      ...(email ? [{ channel: 'email' as const, to: email, masked: maskEmail(email) }] : []),
    ];
    const base = { orderId, jobId: ctx.jobId, kind };
    if ((await repo.findDisabledKinds(db)).has(kind)) {
      for (const r of recipients) {
        await repo.recordOutcome(db, {
          ...base,
          channel: r.channel,
          recipient: r.masked,
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
    for (const r of recipients) {
      const logged = await repo.findMessage(db, ctx.jobId, r.channel);
      if (logged?.status === 'sent' || logged?.status === 'skipped') continue; // nothing goes twice
      if (!r.to.trim()) {
        await repo.recordOutcome(db, {
          ...base,
          channel: r.channel,
          recipient: '',
          status: 'skipped',
          error: '沒有手機號碼',
          tried: false,
          at: now(),
        });
        continue;
      }
      // Another runner may hold the job now (decision 077): it sends, this one does not.
      ctx.signal.throwIfAborted();
      try {
        let providerMessageId = '';
        if (r.channel === 'sms') {
          // Written before the call, so a try after a lost answer sends the same key and the gateway
          // answers it without sending again; two runners on one job derive the same key too.
          const requestId =
            logged?.providerRequestId || smsClientId(deps.config.publicUrl, ctx.jobId, (logged?.attempts ?? 0) + 1);
          await repo.rememberRequestId(db, { ...base, channel: r.channel, recipient: r.masked, requestId, at: now() });
          const sent = await sms.send(r.to, orderSmsText(kind, facts), { clientId: requestId, signal: ctx.signal });
          providerMessageId = sent.messageId;
        } else {
          const host = new URL(deps.config.publicUrl).hostname || 'localhost';
          const sent = await mail.send({
            to: r.to,
            ...orderEmail(kind, facts),
            messageId: `<order-message-${ctx.jobId}@${host}>`,
          });
          providerMessageId = sent.messageId;
        }
        await repo.recordOutcome(db, {
          ...base,
          channel: r.channel,
          recipient: r.masked,
          status: 'sent',
          providerMessageId,
          tried: true,
          at: now(),
        });
      } catch (err) {
        const error = describeJobError(err);
        failures.push(`${r.channel}: ${error}`);
        await repo.recordOutcome(db, {
          ...base,
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
  };
}

export function notificationJobHandlers(deps: NotifyDeps): Record<string, JobHandler> {
  return { [NOTIFY_ORDER_JOB]: notifyOrderHandler(deps) };
}
