// Cart reminders (issue 43 item 3) end to end: the owner's switch and hours through the API, the sweep
// over real carts, the job sending one reminder by the member's channels (LINE push, against a stand-in
// LINE, for a member who chose LINE), and the member's own switch.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, members, shoppingCarts } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import { lineGateway } from '../line/index.ts';
import { insertLineLink, useOrderTestAppWithLine } from '../line/line-fixtures.ts';
import { memberMessageRunner, useRecordingSenders } from '../notifications/notification-fixtures.ts';
import { insertCartLine, insertMember, insertProduct, insertShopOrder } from '../orders/order-fixtures.ts';
import { cartReminderJobHandlers } from './cart-reminder-job.ts';
import { CART_REMINDER_JOB, sweepCartReminders } from './cart-reminders.service.ts';

const HOUR = 3_600_000;
let runner: JobRunner;
const sent = useRecordingSenders();

const { t, line } = useOrderTestAppWithLine({ websiteTitle: '好物小舖' });
beforeAll(async () => {
  runner = memberMessageRunner(t, cartReminderJobHandlers, {
    sms: sent.sms,
    mail: sent.mail,
    line: lineGateway(t.config).messaging!.push,
  });
});

const setReminders = (body: unknown) => t.asStaff('owner', 'PUT', '/api/v1/admin/settings/reminders', body);
const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR);

/** A member whose cart got one line `hoursAgo` hours before `at`. */
async function memberWithCart(at: Date, phone: string, hoursAgo = 0) {
  const member = await insertMember(t.db, { cellPhone: phone });
  const tea = await insertProduct(t.db, { name: '包種茶' }, [{ stock: 20 }]);
  const line = await insertCartLine(t.db, member, tea.id, tea.specIds[0]!, 1);
  await t.db
    .update(shoppingCarts)
    .set({ updatedAt: hoursAfter(at, -hoursAgo) })
    .where(eq(shoppingCarts.id, line.id));
  return { member, line, tea };
}

/** The reminders queued for the member so far (the sweep looks at every cart, other tests' too). */
async function queuedFor(member: number): Promise<number> {
  const queued = await t.db.select().from(jobs).where(eq(jobs.kind, CART_REMINDER_JOB));
  return queued.filter((j) => (j.payload as { memberId: number }).memberId === member).length;
}

/** Sweeps at `at` and answers how many reminders the member has been queued in all. */
async function sweepFor(member: number, at: Date): Promise<number> {
  await sweepCartReminders(t.db, at);
  return queuedFor(member);
}

async function remindersTo(phone: string) {
  await runner.runOnce();
  return sent.texts.filter((s) => s.to === phone);
}

describe("the owner's switch", () => {
  it('is off until the owner turns it on: no reminder is queued', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000001', 48);
    expect(await sweepCartReminders(t.db, at)).toBe(0);
    expect(await queuedFor(member)).toBe(0);
    expect((await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json().data.reminders).toEqual({
      enabled: false,
      after_hours: 24,
    });
  });

  it('takes the hours from 1 to 720, with zh-TW messages for anything else, and staff may not change it', async () => {
    expect((await setReminders({ enabled: true, after_hours: 0 })).json().errors[0].msg).toBe('至少 1 小時');
    expect((await setReminders({ enabled: true, after_hours: 721 })).statusCode).toBe(400);
    expect((await setReminders({ enabled: true, after_hours: 'abc' })).json().errors[0].msg).toBe('請輸入小時數');
    expect(
      (await t.asStaff('staff', 'PUT', '/api/v1/admin/settings/reminders', { enabled: true, after_hours: 5 }))
        .statusCode,
    ).toBe(403);
    const saved = await setReminders({ enabled: true, after_hours: '24' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ enabled: true, after_hours: 24 });
  });
});

describe('a cart left unchanged', () => {
  beforeAll(async () => {
    expect((await setReminders({ enabled: true, after_hours: 24 })).statusCode).toBe(200);
  });

  it('gets one reminder after the hours, with a link to the cart, and never a second for the same content', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000010', 23);
    expect(await sweepFor(member, at)).toBe(0);
    expect(await sweepFor(member, hoursAfter(at, 2))).toBe(1);
    const [reminder] = await remindersTo('0933000010');
    expect(reminder!.text).toContain('購物車裡還有 1 項商品');
    expect(reminder!.text).toContain('https://shop.example.tw/cart');

    expect(await sweepFor(member, hoursAfter(at, 50))).toBe(1);
    expect(await remindersTo('0933000010')).toHaveLength(1);
  });

  it('reminds again only for new content, and not when the content comes back to what was reminded', async () => {
    const at = new Date();
    const { member, line } = await memberWithCart(at, '0933000020', 30);
    expect(await sweepFor(member, at)).toBe(1);
    expect(await remindersTo('0933000020')).toHaveLength(1);
    // The member adds one more the next day: new content, a new wait.
    await t.db
      .update(shoppingCarts)
      .set({ qty: 2, updatedAt: hoursAfter(at, 24) })
      .where(eq(shoppingCarts.id, line.id));
    expect(await sweepFor(member, hoursAfter(at, 30))).toBe(1);
    expect(await sweepFor(member, hoursAfter(at, 49))).toBe(2);
    expect(await remindersTo('0933000020')).toHaveLength(2);
    // Back to one: the content already reminded of.
    await t.db
      .update(shoppingCarts)
      .set({ qty: 1, updatedAt: hoursAfter(at, 50) })
      .where(eq(shoppingCarts.id, line.id));
    expect(await sweepFor(member, hoursAfter(at, 100))).toBe(2);
  });

  it('is not reminded when the member placed an order since', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000030', 30);
    // An order placed while the cart waited (its lines stayed in the cart).
    await insertShopOrder(t.db, member, { createdAt: hoursAfter(at, -2) });
    expect(await sweepFor(member, at)).toBe(0);
    // Without that order the same cart is due: the order is what held it back.
    const other = await memberWithCart(at, '0933000031', 30);
    expect(await sweepFor(other.member, at)).toBe(1);
  });

  it('is not reminded once the member turned reminders off in the member centre', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000040', 30);
    const off = await t.asMember(member, 'PUT', `/api/v1/members/${member}`, { name: '王小明', cart_reminders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.cart_reminders).toBe(false);
    expect(await sweepFor(member, at)).toBe(0);
  });

  it('sends nothing when the cart changed or the member turned reminders off after it was queued', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000050', 30);
    expect(await sweepFor(member, at)).toBe(1);
    await t.asMember(member, 'PUT', `/api/v1/members/${member}`, { name: '王小明', cart_reminders: false });
    expect(await remindersTo('0933000050')).toHaveLength(0);
  });

  it('retries a failed email later without sending the SMS again', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000060', 30);
    await t.db.update(members).set({ email: 'cart@example.tw' }).where(eq(members.id, member));
    expect(await sweepFor(member, at)).toBe(1);
    sent.mailDown = true;
    expect((await runner.runOnce()).retried).toBeGreaterThanOrEqual(1);
    sent.mailDown = false;
    await runner.runOnce();
    expect(sent.texts.filter((s) => s.to === '0933000060')).toHaveLength(1);
    expect(sent.mails.filter((m) => m.to === 'cart@example.tw')).toHaveLength(1);
  });

  it('goes by LINE push, not SMS, to a member who linked LINE, follows the account and chose LINE', async () => {
    const at = new Date();
    const { member } = await memberWithCart(at, '0933000090', 30);
    const userId = await insertLineLink(t.db, member);
    expect(await sweepFor(member, at)).toBe(1);
    expect(await remindersTo('0933000090')).toEqual([]);
    const pushes = line.pushes.filter((p) => p.to === userId);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.text).toContain('https://shop.example.tw/cart');
  });
});
