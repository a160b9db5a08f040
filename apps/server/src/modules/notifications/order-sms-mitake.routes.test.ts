// Order SMS through a Mitake gateway (decision 077): the job's message carries a client id derived
// from the job, so a try after a lost answer is one the gateway drops, and the gateway's msgid is
// kept for the back office. The gateway is a stand-in on 127.0.0.1 that de-duplicates client ids as
// Mitake's SmSend does (the first answer again, with Duplicate=Y).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderMessage } from '@shop/domain';
import { jobs, orderMessages } from '../../db/schema/index.ts';
import { useStandIn } from '../../test/stand-in-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { JobRunner } from '../jobs/index.ts';
import {
  checkoutCart,
  insertCartLine,
  insertMember,
  insertProduct,
  insertSettings,
  resetFixtures,
} from '../orders/order-fixtures.ts';
import { orderMessageRunner } from './notification-fixtures.ts';
import { smsClientId } from './notify-order-job.ts';

/** What the stand-in does with the next request: answer, refuse, or take the message and drop the line. */
type Next = 'accept' | 'refuse' | 'accept-then-hang-up';

let next: Next[] = [];
/** Every request as it came: client id and number. */
let requests: { clientId: string; to: string }[] = [];
/** Messages that reached a phone: once per client id, as Mitake sends them. */
let delivered: { clientId: string; to: string; msgid: string }[] = [];
const answered = new Map<string, string>();
let msgSeq = 9_000_000_000;
let t: TestApp;
let runner: JobRunner;

const gateway = useStandIn((request) => {
  const form = new URLSearchParams(request.body);
  const clientId = form.get('clientid') ?? '';
  const to = form.get('dstaddr') ?? '';
  requests.push({ clientId, to });
  const seen = answered.get(clientId);
  if (seen) return { body: `${seen}Duplicate=Y\r\n` };
  const what = next.shift() ?? 'accept';
  let reply: string;
  if (what === 'refuse') {
    reply = '[1]\r\nstatuscode=*\r\nError=系統發生錯誤\r\n';
  } else {
    const msgid = String(++msgSeq);
    delivered.push({ clientId, to, msgid });
    reply = `[1]\r\nmsgid=${msgid}\r\nstatuscode=1\r\nAccountPoint=97\r\n`;
  }
  answered.set(clientId, reply);
  // The gateway acted, but its answer never reaches the shop.
  if (what === 'accept-then-hang-up') return 'hang-up';
  return { type: 'text/plain; charset=utf-8', body: reply };
});

beforeAll(async () => {
  resetFixtures();
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://shop.example.tw',
      SMS_PROVIDER: 'mitake',
      SMS_MITAKE_URL: `${gateway.url}/api/mtk/SmSend?CharsetURL=UTF-8`,
      SMS_MITAKE_USERNAME: 'shop-user',
      SMS_MITAKE_PASSWORD: 'gateway-pass',
    },
  });
  await insertSettings(t.db);
  runner = orderMessageRunner(t);
});

afterAll(() => t?.close());

beforeEach(() => {
  next = [];
  requests = [];
  delivered = [];
});

async function placeOrder(cellPhone: string) {
  const member = await insertMember(t.db, { cellPhone });
  const product = await insertProduct(t.db, { name: '凍頂烏龍' }, [{ onSalePrice: 480, stock: 20 }]);
  await insertCartLine(t.db, member, product.id, product.specIds[0]!, 1);
  const res = await checkoutCart(t, member);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as { id: number };
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `notify:${order.id}:placed`));
  return { orderId: order.id, jobId: job!.id };
}

async function messagesOf(orderId: number): Promise<AdminOrderMessage[]> {
  const res = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${orderId}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const requestIdOf = async (jobId: number) =>
  (await t.db.select().from(orderMessages).where(eq(orderMessages.jobId, jobId)))[0]!.providerRequestId;

describe('order SMS through Mitake', () => {
  it('sends the job’s client id and keeps the msgid for the back office', async () => {
    const { orderId, jobId } = await placeOrder('0922000001');
    expect(await runner.runOnce()).toMatchObject({ done: 1 });
    const clientId = smsClientId('https://shop.example.tw', jobId, 1);
    expect(clientId.length).toBeLessThanOrEqual(36);
    expect(requests).toEqual([{ clientId, to: '0922000001' }]);
    expect(delivered).toHaveLength(1);
    const [sms] = await messagesOf(orderId);
    expect(sms).toMatchObject({
      channel: 'sms',
      status: 'sent',
      attempts: 1,
      provider_message_id: delivered[0]!.msgid,
    });
    expect(await requestIdOf(jobId)).toBe(clientId);
  });

  it('retries a message whose answer was lost with the same client id: the shopper gets one SMS', async () => {
    const { orderId, jobId } = await placeOrder('0922000002');
    next = ['accept-then-hang-up'];
    expect(await runner.runOnce()).toMatchObject({ retried: 1 });
    expect((await messagesOf(orderId))[0]).toMatchObject({ status: 'failed', provider_message_id: '' });

    expect(await runner.runOnce()).toMatchObject({ done: 1 });
    expect(requests.map((r) => r.clientId)).toEqual([
      smsClientId('https://shop.example.tw', jobId, 1),
      smsClientId('https://shop.example.tw', jobId, 1),
    ]);
    expect(delivered).toHaveLength(1);
    expect((await messagesOf(orderId))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_message_id: delivered[0]!.msgid,
    });
  });

  it('tries a message the gateway refused with a new client id, which it sends', async () => {
    const { orderId, jobId } = await placeOrder('0922000003');
    next = ['refuse'];
    expect(await runner.runOnce()).toMatchObject({ retried: 1 });
    const [refused] = await messagesOf(orderId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused!.error).toContain('statuscode *');
    expect(await requestIdOf(jobId)).toBe('');

    expect(await runner.runOnce()).toMatchObject({ done: 1 });
    expect(requests.map((r) => r.clientId)).toEqual([
      smsClientId('https://shop.example.tw', jobId, 1),
      smsClientId('https://shop.example.tw', jobId, 2),
    ]);
    expect(delivered).toEqual([
      expect.objectContaining({ clientId: smsClientId('https://shop.example.tw', jobId, 2) }),
    ]);
    expect((await messagesOf(orderId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives another shop on the same account other client ids', () => {
    expect(smsClientId('https://staging.shop.example.tw', 42, 1)).not.toBe(
      smsClientId('https://shop.example.tw', 42, 1),
    );
  });
});
