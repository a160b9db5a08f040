// A development sender that only writes codes down, or a Mitake-style HTTP gateway for production,
// chosen by SMS_PROVIDER. Apart from sms-sender.ts because the senders import that contract.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { DevSmsSender } from './dev-sms-sender.ts';
import { MitakeSmsSender } from './mitake-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';

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
