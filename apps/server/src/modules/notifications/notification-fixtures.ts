// For the tests of messages to the shopper in this module and others (LINE, cart reminders): the job
// runners they run the messages with, and the SMS lines the development sender wrote.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import type { Config } from '../../config.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../jobs/index.ts';
import { createSmsSender, type SmsSender } from '../members/index.ts';
import { createMailSender, type MailSender, type OutgoingMail } from './mail-sender.ts';
import type { MemberMessageDeps } from './member-message.ts';
import { notificationJobHandlers } from './notify-order-job.ts';

type Senders = Omit<Parameters<typeof notificationJobHandlers>[0], 'db' | 'config'>;

/** A runner of the app's order-message jobs, retrying at once; the shop's own SMS and mail senders unless given. */
export function orderMessageRunner(t: TestApp, senders: Partial<Senders> = {}): JobRunner {
  return createJobRunner({
    db: t.db,
    handlers: notificationJobHandlers({
      db: t.db,
      config: t.config,
      ...senders,
      sms: senders.sms ?? createSmsSender(t.config, t.app.log),
      mail: senders.mail ?? createMailSender(t.config, t.app.log),
    }),
    backoff: () => 0,
  });
}

/**
 * A runner of another module's member-message jobs (restock alerts, cart reminders): `handlers` built on
 * the app's database and config with these senders, retrying at once.
 */
export function memberMessageRunner(
  t: TestApp,
  handlers: (deps: MemberMessageDeps) => Record<string, JobHandler>,
  senders: Omit<MemberMessageDeps, 'db' | 'config'>,
): JobRunner {
  return createJobRunner({
    db: t.db,
    handlers: handlers({ db: t.db, config: t.config, ...senders }),
    backoff: () => 0,
  });
}

/** The lines the development SMS sender wrote to DATA_DIR/sms.log, oldest first: [number, text]. */
export function smsLogLines(config: Config): [string, string][] {
  const file = path.join(config.dataDir, 'sms.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([, to, text]) => [to!, text!]);
}

/**
 * SMS and mail senders that keep what they are given (`texts`, `mails`), emptied before each test of
 * the enclosing describe (or file); the mail sender fails, as an SMTP server that is down, while
 * `mailDown` is set.
 */
export interface RecordingSenders {
  texts: { to: string; text: string }[];
  mails: OutgoingMail[];
  mailDown: boolean;
  sms: SmsSender;
  mail: MailSender;
}

export function useRecordingSenders(): RecordingSenders {
  const sent: RecordingSenders = {
    texts: [],
    mails: [],
    mailDown: false,
    sms: {
      async send(to, text) {
        sent.texts.push({ to, text });
        return { messageId: `m${sent.texts.length}` };
      },
    },
    mail: {
      async send(m) {
        if (sent.mailDown) throw new Error('SMTP 451 try later');
        sent.mails.push(m);
        return { messageId: m.messageId };
      },
    },
  };
  beforeEach(() => {
    sent.texts.length = 0;
    sent.mails.length = 0;
    sent.mailDown = false;
  });
  return sent;
}
