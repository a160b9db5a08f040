import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@shop/domain';
import type { SmsSender } from './sms-sender.ts';

/**
 * Development and test delivery: appends `time<TAB>number<TAB>text` to DATA_DIR/sms.log (where a
 * developer or a browser test reads the code) and notes the masked number in the server log. The
 * log line never holds the text: codes stay out of logs (issue 5, ASVS v5 16.2.5).
 */
export class DevSmsSender implements SmsSender {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.file = path.join(dataDir, 'sms.log');
  }

  async send(to: string, text: string): Promise<{ messageId: string }> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.appendFile(this.file, `${new Date().toISOString()}\t${to}\t${text.replace(/\s+/g, ' ')}\n`, 'utf8');
    this.log.info({ sms: { to: maskPhone(to) } }, 'SMS written to DATA_DIR/sms.log (development sender)');
    return { messageId: '' };
  }
}
