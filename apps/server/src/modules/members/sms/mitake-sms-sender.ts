import { randomUUID } from 'node:crypto';
import { SmsSendError, type SmsSender, type SmsSendOptions } from './sms-sender.ts';
import { observedFetch } from '../../../metrics/index.ts';

export interface MitakeOptions {
  /** SmSend endpoint, e.g. https://smsapi.mitake.com.tw/api/mtk/SmSend?CharsetURL=UTF-8 */
  url: string;
  username: string;
  password: string;
  /** Give up after this long; the caller answers 「簡訊發送失敗」. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Mitake statuscode values meaning the message was accepted (0 scheduled, 1/2 sent to carrier, 4 delivered). */
const ACCEPTED = new Set(['0', '1', '2', '4']);

/**
 * A Taiwan SMS gateway in the Mitake style: one form-encoded POST (username, password, dstaddr,
 * smbody, clientid), answered with `key=value` lines including `statuscode` and the message's `msgid`.
 * Mitake's SmSend keeps each clientid for 12 hours and answers a repeat with the first answer plus
 * `Duplicate=Y` instead of sending again: a caller that retries after a lost answer passes the same
 * clientid (at most 36 characters, unique for the account, not only within the 12 hours).
 */
export class MitakeSmsSender implements SmsSender {
  constructor(private readonly options: MitakeOptions) {}

  async send(to: string, text: string, options: SmsSendOptions = {}): Promise<{ messageId: string }> {
    const clientId = options.clientId ?? randomUUID();
    if (clientId.length > 36) throw new Error('Mitake clientid is at most 36 characters');
    const body = new URLSearchParams({
      username: this.options.username,
      password: this.options.password,
      dstaddr: to,
      smbody: text,
      clientid: clientId,
    });
    const doFetch = observedFetch('sms', this.options.fetch ?? fetch);
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    let reply: string;
    try {
      const res = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: body.toString(),
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
      });
      reply = await res.text();
      if (!res.ok) throw new SmsSendError(`SMS gateway answered HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof SmsSendError) throw err;
      throw new SmsSendError(`SMS gateway unreachable: ${(err as Error).name}`);
    }
    const answer = parseMitakeReply(reply);
    const status = answer.statuscode;
    if (status === undefined) throw new SmsSendError('SMS gateway answered without a statuscode');
    if (!ACCEPTED.has(status)) {
      throw new SmsSendError(`SMS gateway refused the message (statuscode ${status})`, { refused: true });
    }
    return { messageId: answer.msgid ?? '' };
  }
}

/** `[1]\nmsgid=123\nstatuscode=1\nAccountPoint=98` → {msgid, statuscode, AccountPoint}. */
export function parseMitakeReply(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}
