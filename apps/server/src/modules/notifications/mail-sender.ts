// Who delivers order emails (issue 17 item 4, docs/decisions/055): nodemailer over SMTP_URL, or, when
// it is unset (development, tests), nodemailer's own message builder writing each email to
// DATA_DIR/mail/ as an .eml file, the way the development SMS sender writes sms.log.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { observeProviderCall } from '../../metrics/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable across retries (`<order-message-42@host>`), so a receiving server may drop a repeat. */
  messageId: string;
}

export interface MailSender {
  /** Resolves with the message's id once the server accepted it; rejects when it did not. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

/** Gives up on an SMTP server that does not answer, so the job fails and retries instead of hanging. */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailSender(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>, log: MailLog): MailSender {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(mail) {
        const info = await observeProviderCall('mail', () => transport.sendMail({ from: config.MAIL_FROM, ...mail }));
        return { messageId: info.messageId };
      },
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail({ from: config.MAIL_FROM, ...mail });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ mail: { file: path.basename(file) } }, 'email written to DATA_DIR/mail (no SMTP_URL)');
      return { messageId: info.messageId };
    },
  };
}
