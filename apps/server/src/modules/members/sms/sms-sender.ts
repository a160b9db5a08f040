// Who delivers SMS codes (issue 5): a development sender that only writes them down, and a
// Mitake-style HTTP gateway for production, chosen by SMS_PROVIDER.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { DevSmsSender } from './dev-sms-sender.ts';
import { MitakeSmsSender } from './mitake-sms-sender.ts';

export interface SmsSender {
  /** Delivers `text` to the Taiwan mobile number `to`; rejects with SmsSendError when it was not accepted. */
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_PROVIDER === 'mitake') {
    return new MitakeSmsSender({
      url: config.SMS_MITAKE_URL,
      username: config.SMS_MITAKE_USERNAME ?? '',
      password: config.SMS_MITAKE_PASSWORD ?? '',
    });
  }
  return new DevSmsSender(config.dataDir, log);
}
