// The official account against a stand-in LINE (issue 41 item 2): the signed webhook records who
// follows, and order messages go by push with a retry key to members who chose LINE, by SMS otherwise.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderMessage } from '@shop/domain';
import { memberLineAccounts } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import { orderMessageRunner, smsLogLines } from '../notifications/notification-fixtures.ts';
import { checkoutCart, insertCartLine, insertMember, insertProduct } from '../orders/order-fixtures.ts';
import { lineGateway } from './line-gateway.ts';
import { useOrderTestAppWithLine } from './line-fixtures.ts';
import { STAND_IN_MESSAGING } from './line-stand-in.ts';
import { lineSignature } from './line-webhook.service.ts';

let runner: JobRunner;

const { t, line } = useOrderTestAppWithLine();
beforeAll(() => {
  runner = orderMessageRunner(t, { line: lineGateway(t.config).messaging!.push });
});

let users = 0;
const newLineUser = () => `U${(++users).toString(16).padStart(32, 'b')}`;

function webhook(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/line/webhook',
    headers: {
      'content-type': 'application/json',
      'x-line-signature': signature ?? lineSignature(STAND_IN_MESSAGING.secret, raw),
    },
    payload: raw,
  });
}

let events = 0;
const event = (type: 'follow' | 'unfollow', userId: string, timestamp = Date.now()) => ({
  type,
  webhookEventId: `01HEVENT${++events}`,
  timestamp,
  mode: 'active',
  source: { type: 'user', userId },
  deliveryContext: { isRedelivery: false },
});

/** A member who linked `userId` (and, unless told, follows the official account). */
async function memberWithLine(userId: string, options: { follows?: boolean; cellPhone?: string } = {}) {
  const memberId = await insertMember(t.db, { cellPhone: options.cellPhone ?? '0922000000' });
  await t.db.insert(memberLineAccounts).values({ memberId, lineUserId: userId, displayName: '林小美' });
  if (options.follows !== false) expect((await webhook({ events: [event('follow', userId)] })).statusCode).toBe(200);
  return memberId;
}

async function placeOrder(memberId: number) {
  const product = await insertProduct(t.db, { name: '高山烏龍茶' }, [{ onSalePrice: 640, stock: 50 }]);
  await insertCartLine(t.db, memberId, product.id, product.specIds[0]!, 1);
  const res = await checkoutCart(t, memberId);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; order_number: string };
}

async function channelsOf(orderId: number) {
  const res = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${orderId}/messages`);
  return (res.json().data as AdminOrderMessage[]).map((m) => [m.channel, m.status]);
}

function smsTo(phone: string): string[] {
  return smsLogLines(t.config)
    .filter(([to]) => to === phone)
    .map(([, text]) => text);
}

describe('the webhook', () => {
  it('refuses a body without LINE’s signature, and changes nothing', async () => {
    const userId = newLineUser();
    const memberId = await memberWithLine(userId, { follows: false });
    const forged = await webhook({ events: [event('follow', userId)] }, lineSignature('not-the-secret', '{}'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe('LINE 簽章驗證失敗');
    expect((await webhook({ events: [] }, '')).statusCode).toBe(401);
    expect((await t.asMember(memberId, 'GET', `/api/v1/members/${memberId}/line`)).json().data.following).toBe(false);
  });

  it('records follows and unfollows once each; a redelivery or an older event changes nothing', async () => {
    const userId = newLineUser();
    const memberId = await memberWithLine(userId, { follows: false });
    const following = async () =>
      (await t.asMember(memberId, 'GET', `/api/v1/members/${memberId}/line`)).json().data.following;
    const follow = event('follow', userId, Date.now());
    expect((await webhook({ destination: 'Ubot', events: [follow] })).json().data).toEqual({ taken: 1 });
    expect(await following()).toBe(true);
    const unfollow = event('unfollow', userId, Date.now() + 1000);
    await webhook({ events: [unfollow] });
    expect(await following()).toBe(false);
    // The follow delivered again, and a follow older than the unfollow: both ignored.
    expect((await webhook({ events: [{ ...follow, deliveryContext: { isRedelivery: true } }] })).json().data).toEqual({
      taken: 0,
    });
    await webhook({ events: [event('follow', userId, Date.now() - 60_000)] });
    expect(await following()).toBe(false);
  });

  it('answers 400 for a body that is not LINE’s', async () => {
    expect((await webhook({ events: 'none' })).statusCode).toBe(400);
  });
});

describe('order messages by LINE', () => {
  it('pushes the order number and its page to a member who follows, with a retry key, and sends no SMS', async () => {
    const userId = newLineUser();
    const memberId = await memberWithLine(userId, { cellPhone: '0922000001' });
    const order = await placeOrder(memberId);
    await runner.runOnce();
    const push = line.pushes.find((p) => p.to === userId)!;
    expect(push.authorization).toBe(`Bearer ${STAND_IN_MESSAGING.accessToken}`);
    expect(push.retryKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(push.text).toContain(`訂單${order.order_number}已成立`);
    expect(push.text).toContain(`https://shop.example.tw/member/orders/${order.order_number}`);
    expect(smsTo('0922000001')).toEqual([]);
    expect(await channelsOf(order.id)).toEqual([['line', 'sent']]);
  });

  it('retries a push LINE could not take with the same retry key; LINE’s 409 counts as sent', async () => {
    const userId = newLineUser();
    const memberId = await memberWithLine(userId, { cellPhone: '0922000002' });
    const order = await placeOrder(memberId);
    line.pushAnswers.push(500, 'lost');
    expect((await runner.runOnce()).retried).toBe(1);
    expect(await channelsOf(order.id)).toEqual([['line', 'failed']]);
    expect(smsTo('0922000002')).toEqual([]); // LINE may still take it
    expect((await runner.runOnce()).retried).toBe(1); // taken by LINE, but the answer was lost
    await runner.runOnce();
    const tries = line.pushes.filter((p) => p.to === userId);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((p) => p.retryKey)).size).toBe(1);
    expect(await channelsOf(order.id)).toEqual([['line', 'sent']]);
  });

  it('sends the SMS instead when LINE refuses the push, and says so in the 通知紀錄', async () => {
    const userId = newLineUser();
    const memberId = await memberWithLine(userId, { cellPhone: '0922000003' });
    const order = await placeOrder(memberId);
    line.pushAnswers.push(400);
    await runner.runOnce();
    expect(smsTo('0922000003')).toHaveLength(1);
    const res = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}/messages`);
    const log = res.json().data as AdminOrderMessage[];
    expect(log.map((m) => [m.channel, m.status])).toEqual([
      ['line', 'skipped'],
      ['sms', 'sent'],
    ]);
    expect(log[0]!.error).toContain('改以簡訊發送');
  });

  it('sends by SMS to a member who blocked the account, chose SMS, or never linked LINE', async () => {
    const blocked = newLineUser();
    const blocker = await memberWithLine(blocked, { cellPhone: '0922000004' });
    await webhook({ events: [event('unfollow', blocked, Date.now() + 5000)] });
    const chooser = await memberWithLine(newLineUser(), { cellPhone: '0922000005' });
    await t.asMember(chooser, 'PUT', `/api/v1/members/${chooser}/line`, { order_messages_by: 'sms' });
    const plain = await insertMember(t.db, { cellPhone: '0922000006' });
    const pushesBefore = line.pushes.length;
    for (const memberId of [blocker, chooser, plain]) await placeOrder(memberId);
    await runner.runOnce();
    expect(line.pushes.length).toBe(pushesBefore);
    for (const phone of ['0922000004', '0922000005', '0922000006']) expect(smsTo(phone)).toHaveLength(1);
  });
});
