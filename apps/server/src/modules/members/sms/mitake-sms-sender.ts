import { randomUUID } from 'node:crypto';
import { SmsSendError, type SmsSender } from './sms-sender.ts';

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
 * smbody, clientid for de-duplication), answered with `key=value` lines including `statuscode`.
 */
export class MitakeSmsSender implements SmsSender {
  constructor(private readonly options: MitakeOptions) {}

  async send(to: string, text: string): Promise<void> {
    const body = new URLSearchParams({
      username: this.options.username,
      password: this.options.password,
      dstaddr: to,
      smbody: text,
      clientid: randomUUID(),
    });
    const doFetch = this.options.fetch ?? fetch;
    let reply: string;
    try {
      const res = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      reply = await res.text();
      if (!res.ok) throw new SmsSendError(`SMS gateway answered HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof SmsSendError) throw err;
      throw new SmsSendError(`SMS gateway unreachable: ${(err as Error).name}`);
    }
    const status = parseMitakeReply(reply).statuscode;
    if (status === undefined || !ACCEPTED.has(status)) {
      throw new SmsSendError(`SMS gateway refused the message (statuscode ${status ?? 'missing'})`);
    }
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
