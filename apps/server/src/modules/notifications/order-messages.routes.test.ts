// Messages to the shopper (issue 17 item 4) end to end: the order's moves through the API, the jobs run
// by the runner, SMS through the development sender (DATA_DIR/sms.log), email through nodemailer to a
// local SMTP server this file starts, and the back office's 通知紀錄 and switches.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminOrderMessage, formatNtd, ORDER_MESSAGE_KINDS, taipeiDate } from '@shop/domain';
import { auditLog, jobs, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { JobRunner } from '../jobs/index.ts';
import { createSmsSender, SmsSendError, type SmsSender } from '../members/index.ts';
import {
  checkoutCart,
  insertCartLine,
  insertMember,
  insertProduct,
  insertSettings,
  resetFixtures,
} from '../orders/order-fixtures.ts';
import { createMailSender } from './mail-sender.ts';
import { orderMessageRunner, smsLogLines } from './notification-fixtures.ts';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

let received: ReceivedMail[] = [];
/** The SMTP server refuses every message while set, as one that is down or over its quota. */
let smtpDown = false;
let smsDown = false;
let smtp: SMTPServer;
let t: TestApp;
let runner: JobRunner;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (smtpDown) return callback(Object.assign(new Error('Service unavailable'), { responseCode: 451 }));
        void simpleParser(Buffer.concat(chunks)).then((m) => {
          const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
          received.push({
            to: to.flatMap((a) => a.value.map((v) => v.address ?? '')),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            messageId: m.messageId ?? '',
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  resetFixtures();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: '好物小舖 <service@shop.example.tw>',
      PUBLIC_URL: 'https://shop.example.tw',
    },
  });
  await insertSettings(t.db);
  const dev = createSmsSender(t.config, t.app.log);
  const sms: SmsSender = {
    async send(to, text) {
      if (smsDown) throw new SmsSendError('SMS gateway unreachable: TimeoutError');
      return dev.send(to, text);
    },
  };
  runner = orderMessageRunner(t, { sms });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  smtpDown = false;
  smsDown = false;
});

/** The SMS lines written since the start: [number, text]. */
const smsLog = () => smsLogLines(t.config);
const smsTo = (phone: string) => smsLog().filter(([to]) => to === phone);

async function placeOrder(memberId: number, body: Record<string, unknown> = {}) {
  const product = await insertProduct(t.db, { name: '高山烏龍茶' }, [{ onSalePrice: 640, stock: 50 }]);
  await insertCartLine(t.db, memberId, product.id, product.specIds[0]!, 2);
  const res = await checkoutCart(t, memberId, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; order_number: string; pay_amount: number };
}

const versionOf = async (orderId: number) =>
  (await t.db.select({ v: orders.version }).from(orders).where(eq(orders.id, orderId)))[0]!.v;

async function messagesOf(orderId: number): Promise<AdminOrderMessage[]> {
  const res = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${orderId}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('order messages', () => {
  it('tells a member who gave an email, by SMS and email, what to pay, where and by when', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000001', email: 'mei@example.tw' });
    const order = await placeOrder(member);
    await runner.runOnce();

    const [sms] = smsTo('0911000001');
    expect(sms![1]).toContain(`訂單${order.order_number}已成立`);
    expect(sms![1]).toContain(`匯款${formatNtd(order.pay_amount)}至(808)0123456789012`);

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['mei@example.tw']);
    expect(mail.subject).toBe(`【好物小舖】訂單成立通知（訂單 ${order.order_number}）`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('0123456789012');
      expect(part).toContain('好物小舖有限公司');
      expect(part).toContain(`https://shop.example.tw/member/orders/${order.order_number}`);
    }

    const log = await messagesOf(order.id);
    expect(log.map((m) => [m.kind, m.channel, m.recipient, m.status, m.attempts])).toEqual([
      ['placed', 'sms', '0911***001', 'sent', 1],
      ['placed', 'email', 'm***@example.tw', 'sent', 1],
    ]);
    expect(log[1]!.provider_message_id).toBe(mail.messageId);
  });

  it('sends nothing twice: a job that ran is done, and a repeated move makes no second job', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000002', email: 'twice@example.tw' });
    const order = await placeOrder(member);
    await runner.runOnce();
    await runner.runOnce();
    expect(smsTo('0911000002')).toHaveLength(1);
    expect(received).toHaveLength(1);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `notify:${order.id}:placed`));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).toBe('done');
  });

  it('tells a member without an email by SMS only', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000003' });
    const order = await placeOrder(member);
    await runner.runOnce();
    expect(smsTo('0911000003')).toHaveLength(1);
    expect(received).toHaveLength(0);
    expect((await messagesOf(order.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('while SMTP is down the email waits and retries, the SMS is not repeated and the order moves on', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000004', email: 'down@example.tw' });
    const order = await placeOrder(member);
    smtpDown = true;
    const first = await runner.runOnce();
    expect(first.retried).toBe(1);
    expect(smsTo('0911000004')).toHaveLength(1);
    const waiting = await messagesOf(order.id);
    expect(waiting.map((m) => [m.channel, m.status])).toEqual([
      ['sms', 'sent'],
      ['email', 'failed'],
    ]);
    expect(waiting[1]!.error).toMatch(/451|unavailable/i);

    // The staff confirm the transfer meanwhile: the order does not wait for its messages.
    const paid = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/payment-confirmation`, {
      version: await versionOf(order.id),
    });
    expect(paid.statusCode).toBe(200);

    smtpDown = false;
    await runner.runOnce();
    expect(smsTo('0911000004')).toHaveLength(2); // placed once, then paid
    expect(received.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('訂單成立通知'), expect.stringContaining('付款完成通知')]),
    );
    const log = await messagesOf(order.id);
    expect(log.filter((m) => m.kind === 'placed').map((m) => [m.channel, m.status, m.attempts])).toEqual([
      ['sms', 'sent', 1],
      ['email', 'sent', 2],
    ]);
  });

  it('while SMS is down the job retries and the back office sees why', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000005' });
    const order = await placeOrder(member);
    smsDown = true;
    await runner.runOnce();
    const [failed] = await messagesOf(order.id);
    expect(failed).toMatchObject({ channel: 'sms', status: 'failed', attempts: 1 });
    expect(failed!.error).toContain('SMS gateway unreachable');
    smsDown = false;
    await runner.runOnce();
    expect((await messagesOf(order.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smsTo('0911000005')).toHaveLength(1);
  });

  it('tells an ATM order to look up its account, then the account and its expiry once it is given', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000008' });
    const order = await placeOrder(member, { payment_type: 3 });
    await runner.runOnce();
    const [first] = smsTo('0911000008');
    expect(first![1]).toContain('ATM轉帳帳號請至訂單頁查看');
    expect(first![1]).toContain(`https://shop.example.tw/member/orders/${order.order_number}`);

    const given = await t.asStaff('owner', 'PUT', '/api/v1/orders-virtual-account', {
      order_number: order.order_number,
      virtual_account: '80123456789012',
      virtual_account_bank_code: '822',
      virtual_account_expire_date: '2099-12-31',
    });
    expect(given.statusCode).toBe(200);
    await runner.runOnce();
    const [, second] = smsTo('0911000008');
    expect(second![1]).toMatch(/請\d\d\/\d\d \d\d:\d\d前以ATM轉帳NT\$[\d,]+至\(822\)80123456789012/);
    expect((await messagesOf(order.id)).map((m) => [m.kind, m.status])).toEqual([
      ['placed', 'sent'],
      ['placed', 'sent'],
    ]);
  });

  it('tells the carrier, the number and the tracking page when shipped', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000006', email: 'ship@example.tw' });
    const order = await placeOrder(member, { payment_type: 6 }); // cash on delivery
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/shipment`, {
      version: await versionOf(order.id),
      freight_company: '黑貓宅急便',
      tracking_number: '905123456789',
      ship_date: taipeiDate(new Date()),
    });
    expect(res.statusCode, res.body).toBe(200);
    await runner.runOnce();
    const shipped = smsTo('0911000006')
      .map(([, text]) => text)
      .find((text) => text.includes('出貨'));
    expect(shipped).toContain('已由黑貓宅急便出貨，單號905123456789');
    expect(shipped).toContain('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=905123456789');
    const mail = received.find((m) => m.subject.includes('出貨通知'));
    expect(mail?.html).toContain('href="https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=905123456789"');
  });
});

describe('the switches in the settings', () => {
  it('are the owner’s: staff may not change them', async () => {
    const res = await t.asStaff('staff', 'PUT', '/api/v1/admin/settings/order-messages', { enabled: [] });
    expect(res.statusCode).toBe(403);
  });

  it('log a switched-off kind as skipped and send nothing', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911000007', email: 'off@example.tw' });
    const saved = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/order-messages', {
      enabled: ORDER_MESSAGE_KINDS.filter((kind) => kind !== 'placed'),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.kinds).toContainEqual({ kind: 'placed', enabled: false });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'order_message_switches'));
    expect(audit).toMatchObject({
      staffId: await t.staffId('owner'),
      after: expect.objectContaining({ placed: false }),
    });

    const order = await placeOrder(member);
    await runner.runOnce();
    expect(smsTo('0911000007')).toHaveLength(0);
    expect(received).toHaveLength(0);
    expect((await messagesOf(order.id)).map((m) => [m.channel, m.status, m.error])).toEqual([
      ['sms', 'skipped', '此類通知已在商店設定中關閉'],
      ['email', 'skipped', '此類通知已在商店設定中關閉'],
    ]);

    const back = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/order-messages', {
      enabled: ORDER_MESSAGE_KINDS,
    });
    expect(back.json().data.kinds.every((k: { enabled: boolean }) => k.enabled)).toBe(true);
  });
});

describe('createMailSender without SMTP_URL', () => {
  it('writes each email to DATA_DIR/mail as an .eml file', async () => {
    const dataDir = fs.mkdtempSync(path.join(t.config.dataDir, 'dev-mail-'));
    const sender = createMailSender(
      { SMTP_URL: undefined, MAIL_FROM: '好物小舖 <service@shop.example.tw>', dataDir },
      t.app.log,
    );
    const { messageId } = await sender.send({
      to: 'mei@example.tw',
      subject: '【好物小舖】付款完成通知',
      text: '您的訂單已收到款項',
      html: '<p>您的訂單已收到款項</p>',
      messageId: '<order-message-1@shop.example.tw>',
    });
    expect(messageId).toBe('<order-message-1@shop.example.tw>');
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dataDir, 'mail', files[0]!)));
    expect(parsed.subject).toBe('【好物小舖】付款完成通知');
    expect(parsed.text?.trim()).toBe('您的訂單已收到款項');
  });
});
