// Messages through the shop's LINE official account (Messaging API, push). Each push carries an
// X-Line-Retry-Key: a job that retries after a lost answer sends the same key, and LINE answers 409
// instead of delivering the message twice (LINE Messaging API, "Retrying an API request").
import { createHash } from 'node:crypto';
import { observedFetch } from '../../metrics/index.ts';

export interface LineTextMessage {
  type: 'text';
  text: string;
}

export interface LinePushSender {
  /** Resolves with LINE's message id (or the accepted request id of an earlier try with the key). */
  push(
    to: string,
    messages: LineTextMessage[],
    options: { retryKey: string; signal?: AbortSignal },
  ): Promise<{ messageId: string }>;
}

/**
 * A push that did not go. `refused`: LINE answered and would answer the same again (the user blocked
 * the account, is no friend, the id is unknown): send another way. Else LINE was out of reach or busy
 * (429, 5xx, a network failure): the same key may be tried again.
 */
export class LinePushError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** A UUID from what names the message (shop, job, channel): the same for every try of one message. */
export function lineRetryKey(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const PUSH_TIMEOUT_MS = 15_000;

export function createLinePushClient(options: {
  apiUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
}): LinePushSender {
  const send = observedFetch('line', options.fetch ?? fetch);
  const url = `${options.apiUrl.replace(/\/$/, '')}/v2/bot/message/push`;
  return {
    async push(to, messages, { retryKey, signal }) {
      let res: Response;
      try {
        res = await send(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            'content-type': 'application/json',
            'x-line-retry-key': retryKey,
          },
          body: JSON.stringify({ to, messages }),
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(PUSH_TIMEOUT_MS)])
            : AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (err) {
        throw new LinePushError(`LINE push unreachable: ${(err as Error).name}`, false);
      }
      const answer = (await res.json().catch(() => null)) as {
        sentMessages?: { id?: unknown }[];
        message?: unknown;
      } | null;
      if (res.ok)
        return { messageId: String(answer?.sentMessages?.[0]?.id ?? res.headers.get('x-line-request-id') ?? '') };
      // 409: a try with this key was accepted before (its answer was lost): the message went.
      if (res.status === 409) return { messageId: res.headers.get('x-line-accepted-request-id') ?? '' };
      const why = typeof answer?.message === 'string' ? answer.message.slice(0, 120) : '';
      const transient = res.status === 429 || res.status >= 500;
      throw new LinePushError(`LINE push answered ${res.status}${why ? ` ${why}` : ''}`, !transient);
    },
  };
}
