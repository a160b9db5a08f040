// 貨到通知 (issue 43 item 2) end to end: members wait through the API, the owner's stock edit and a
// cancelled order bring the stock back, the job runner sends one message per wait by the member's
// channels (LINE push, against a stand-in LINE, for members who chose LINE), and a retried job sends
// nothing twice.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, memberMessages, productSpecs, productTypes, restockSubscriptions } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import { lineGateway } from '../line/index.ts';
import { insertLineLink, useOrderTestAppWithLine } from '../line/line-fixtures.ts';
import { memberMessageRunner, useRecordingSenders } from '../notifications/notification-fixtures.ts';
import { insertCartLine, insertMember, insertProduct, orderBody } from '../orders/order-fixtures.ts';
import { restockJobHandlers } from './restock-alert-job.ts';

let runner: JobRunner;
let typeId: number;
const sent = useRecordingSenders();

const { t, line } = useOrderTestAppWithLine({ websiteTitle: '好物小舖' });
beforeAll(async () => {
  const [type] = await t.db.insert(productTypes).values({ name: '茶葉', level: 1, indexId: 1 }).returning();
  typeId = type!.id;
  runner = memberMessageRunner(t, restockJobHandlers, {
    sms: sent.sms,
    mail: sent.mail,
    line: lineGateway(t.config).messaging!.push,
  });
});
beforeEach(() => {
  line.pushAnswers.length = 0;
});

const subscribe = (memberId: number, specId: unknown) =>
  t.asMember(memberId, 'POST', '/api/v1/restock-subscriptions', { spec_id: specId });

async function soldOutTea() {
  return insertProduct(t.db, { name: '凍頂烏龍' }, [
    { name: '150g', stock: 0 },
    { name: '300g', stock: 4 },
  ]);
}

async function adminProduct(id: number) {
  const res = await t.asStaff('owner', 'GET', `/api/v1/admin/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    version: number;
    specs: { id: number; name: string; stock: number | null; restock_waiting: number }[];
  };
}

/** The owner saves the product with the spec's stock changed, the rest as it is. */
async function setStock(productId: number, specId: number, stock: number | null) {
  const p = await adminProduct(productId);
  const res = await t.asStaff('owner', 'PUT', `/api/v1/admin/products/${productId}`, {
    name: '凍頂烏龍',
    description1: '',
    description2: '',
    pics: ['admin/2026/06/tea.webp'],
    description_titles: [],
    tag_type: 1,
    status: 1,
    index_id: 1,
    product_type_ids: [typeId],
    activity_start_time: '',
    activity_end_time: '',
    internet_celebrity: false,
    specs: p.specs.map((s) => ({
      id: s.id,
      name: s.name,
      price: 600,
      on_sale_price: 500,
      stock: s.id === specId ? stock : s.stock,
    })),
    version: p.version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('waiting for a sold-out spec', () => {
  it('lets a member wait once per spec, and answers 409 while the spec is in stock', async () => {
    const member = await insertMember(t.db);
    const tea = await soldOutTea();
    const first = await subscribe(member, tea.specIds[0]!);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ spec_id: tea.specIds[0], product_id: tea.id });
    const again = await subscribe(member, tea.specIds[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);

    const inStock = await subscribe(member, tea.specIds[1]!);
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().msg).toBe('此規格目前有貨，可直接加入購物車');

    const mine = await t.asMember(member, 'GET', '/api/v1/restock-subscriptions');
    expect(mine.json().data.map((s: { spec_id: number }) => s.spec_id)).toEqual([tea.specIds[0]]);
  });

  it('refuses bad input and unknown specs with a zh-TW message, and guests', async () => {
    const member = await insertMember(t.db);
    expect((await subscribe(member, 'abc')).statusCode).toBe(400);
    expect((await t.asMember(member, 'POST', '/api/v1/restock-subscriptions', { spec_id: 1, x: 1 })).statusCode).toBe(
      400,
    );
    const missing = await subscribe(member, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('找不到此商品規格');
    expect((await t.guest('POST', '/api/v1/restock-subscriptions', { spec_id: 1 })).statusCode).toBe(401);
  });

  it("lets a member end their own wait, never another member's", async () => {
    const [mei, hao] = [await insertMember(t.db), await insertMember(t.db)];
    const tea = await soldOutTea();
    const id = (await subscribe(mei, tea.specIds[0]!)).json().data.id as number;
    const other = await t.asMember(hao, 'DELETE', `/api/v1/restock-subscriptions/${id}`);
    expect(other.statusCode).toBe(403);
    const own = await t.asMember(mei, 'DELETE', `/api/v1/restock-subscriptions/${id}`);
    expect(own.statusCode).toBe(200);
    expect((await t.asMember(mei, 'DELETE', `/api/v1/restock-subscriptions/${id}`)).statusCode).toBe(404);
  });
});

describe('when the stock returns', () => {
  it('tells each waiting member once, by SMS and email, and the owner sees how many wait', async () => {
    const mei = await insertMember(t.db, { cellPhone: '0911222001', email: 'mei@example.tw' });
    const hao = await insertMember(t.db, { cellPhone: '0911222002' });
    const tea = await soldOutTea();
    await subscribe(mei, tea.specIds[0]!);
    await subscribe(hao, tea.specIds[0]!);
    expect((await adminProduct(tea.id)).specs.map((s) => s.restock_waiting)).toEqual([2, 0]);

    await setStock(tea.id, tea.specIds[0]!, 6);
    expect((await adminProduct(tea.id)).specs.map((s) => s.restock_waiting)).toEqual([0, 0]);
    await runner.runOnce();

    expect(sent.texts.map((s) => s.to).sort()).toEqual(['0911222001', '0911222002']);
    expect(sent.texts[0]!.text).toContain('「凍頂烏龍－150g」已補貨');
    expect(sent.texts[0]!.text).toContain(`https://shop.example.tw/products?sn=${tea.id}`);
    expect(sent.mails.map((m) => m.to)).toEqual(['mei@example.tw']);
    expect(sent.mails[0]!.subject).toBe('【好物小舖】貨到通知');

    // The waits ended: selling out and restocking again tells nobody.
    await setStock(tea.id, tea.specIds[0]!, 0);
    await setStock(tea.id, tea.specIds[0]!, 3);
    await runner.runOnce();
    expect(sent.texts).toHaveLength(2);
    expect((await t.asMember(mei, 'GET', '/api/v1/restock-subscriptions')).json().data).toEqual([]);
  });

  it('queues nothing when stock changes without coming back from none', async () => {
    const member = await insertMember(t.db);
    const tea = await soldOutTea();
    await subscribe(member, tea.specIds[0]!);
    await setStock(tea.id, tea.specIds[1]!, 9);
    await setStock(tea.id, tea.specIds[0]!, 0);
    const waiting = await t.db
      .select()
      .from(restockSubscriptions)
      .where(eq(restockSubscriptions.specId, tea.specIds[0]!));
    expect(waiting.map((w) => w.notifiedAt)).toEqual([null]);
  });

  it('tells the waiting member when a cancelled order puts the last units back', async () => {
    const buyer = await insertMember(t.db, { cellPhone: '0911222010' });
    const waiter = await insertMember(t.db, { cellPhone: '0911222011' });
    const tea = await insertProduct(t.db, { name: '東方美人' }, [{ name: '禮盒', stock: 1 }]);
    await insertCartLine(t.db, buyer, tea.id, tea.specIds[0]!, 1);
    const placed = await t.asMember(buyer, 'POST', '/api/v1/orders', orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await subscribe(waiter, tea.specIds[0]!)).statusCode).toBe(201);

    const cancelled = await t.asMember(buyer, 'PUT', `/api/v1/orders/${placed.json().data.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, tea.specIds[0]!));
    expect(spec!.stock).toBe(1);
    await runner.runOnce();
    expect(sent.texts.filter((s) => s.to === '0911222011')).toHaveLength(1);
    expect(sent.texts[sent.texts.length - 1]!.text).toContain('「東方美人－禮盒」已補貨');
  });

  it('retries a failed email without sending the SMS again', async () => {
    const member = await insertMember(t.db, { cellPhone: '0911222020', email: 'retry@example.tw' });
    const tea = await soldOutTea();
    await subscribe(member, tea.specIds[0]!);
    await setStock(tea.id, tea.specIds[0]!, 2);
    sent.mailDown = true;
    expect((await runner.runOnce()).retried).toBe(1);
    sent.mailDown = false;
    expect((await runner.runOnce()).done).toBe(1);
    expect(sent.texts.filter((s) => s.to === '0911222020')).toHaveLength(1);
    expect(sent.mails.filter((m) => m.to === 'retry@example.tw')).toHaveLength(1);
    const log = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, member));
    expect(log.map((m) => [m.channel, m.status, m.attempts])).toEqual([
      ['sms', 'sent', 1],
      ['email', 'sent', 2],
    ]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, log[0]!.jobId));
    expect(job!.status).toBe('done');
  });
});

/** A member who linked LINE and follows the official account; they chose LINE unless told. */
async function memberWithLine(cellPhone: string, options: { by?: 'line' | 'sms'; email?: string } = {}) {
  const memberId = await insertMember(t.db, { cellPhone, email: options.email });
  return { memberId, userId: await insertLineLink(t.db, memberId, options) };
}

/** The member waits for a sold-out tea, and its stock comes back (which queues the 貨到通知). */
async function restockFor(memberId: number) {
  const tea = await soldOutTea();
  expect((await subscribe(memberId, tea.specIds[0]!)).statusCode).toBe(201);
  await setStock(tea.id, tea.specIds[0]!, 5);
  return tea;
}

async function logOf(memberId: number) {
  const log = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId));
  return log.sort((a, b) => a.id - b.id);
}

describe('貨到通知 by LINE', () => {
  it('pushes it to a member who chose LINE, sends no SMS, and still sends the email', async () => {
    const { memberId, userId } = await memberWithLine('0911333001', { email: 'line@example.tw' });
    const tea = await restockFor(memberId);
    await runner.runOnce();
    const pushes = line.pushes.filter((p) => p.to === userId);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.text).toContain('「凍頂烏龍－150g」已補貨');
    expect(pushes[0]!.text).toContain(`https://shop.example.tw/products?sn=${tea.id}`);
    expect(sent.texts.filter((s) => s.to === '0911333001')).toEqual([]);
    expect(sent.mails.map((m) => m.to)).toEqual(['line@example.tw']);
    const log = await logOf(memberId);
    expect(log.map((m) => [m.channel, m.status])).toEqual([
      ['line', 'sent'],
      ['email', 'sent'],
    ]);
    expect(log[0]!.providerRequestId).toBe(pushes[0]!.retryKey);
  });

  it('retries a push LINE could not take with the same retry key, the SMS waiting meanwhile', async () => {
    const { memberId, userId } = await memberWithLine('0911333002');
    await restockFor(memberId);
    line.pushAnswers.push(500, 'lost');
    expect((await runner.runOnce()).retried).toBe(1);
    expect((await runner.runOnce()).retried).toBe(1); // LINE took it, but its answer was lost
    expect((await runner.runOnce()).done).toBe(1); // the same key again: LINE answers 409, taken
    const tries = line.pushes.filter((p) => p.to === userId);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((p) => p.retryKey)).size).toBe(1);
    expect(sent.texts.filter((s) => s.to === '0911333002')).toEqual([]);
    expect((await logOf(memberId)).map((m) => [m.channel, m.status, m.attempts])).toEqual([['line', 'sent', 3]]);
  });

  it('sends the SMS at once when LINE refuses the push', async () => {
    const { memberId } = await memberWithLine('0911333003');
    await restockFor(memberId);
    line.pushAnswers.push(400);
    expect((await runner.runOnce()).done).toBe(1);
    expect(sent.texts.filter((s) => s.to === '0911333003')).toHaveLength(1);
    const log = await logOf(memberId);
    expect(log.map((m) => [m.channel, m.status])).toEqual([
      ['line', 'skipped'],
      ['sms', 'sent'],
    ]);
    expect(log[0]!.error).toContain('改以簡訊發送');
  });

  it('sends the SMS after three tries LINE could not take', async () => {
    const { memberId, userId } = await memberWithLine('0911333004');
    await restockFor(memberId);
    line.pushAnswers.push(503, 503, 503);
    expect((await runner.runOnce()).retried).toBe(1);
    expect((await runner.runOnce()).retried).toBe(1);
    expect(sent.texts.filter((s) => s.to === '0911333004')).toEqual([]);
    expect((await runner.runOnce()).done).toBe(1);
    expect(line.pushes.filter((p) => p.to === userId)).toHaveLength(3);
    expect(sent.texts.filter((s) => s.to === '0911333004')).toHaveLength(1);
    expect((await logOf(memberId)).map((m) => [m.channel, m.status, m.attempts])).toEqual([
      ['line', 'failed', 3],
      ['sms', 'sent', 1],
    ]);
  });

  it('sends by SMS to a member who linked LINE but chose SMS', async () => {
    const { memberId, userId } = await memberWithLine('0911333005', { by: 'sms' });
    await restockFor(memberId);
    await runner.runOnce();
    expect(line.pushes.filter((p) => p.to === userId)).toEqual([]);
    expect(sent.texts.filter((s) => s.to === '0911333005')).toHaveLength(1);
  });
});
