// Shipments through ECPay's logistics (issue 17 items 2 and 3): 建立物流單 for one order or many, the
// create-shipment job, the status notices that move the order, 列印託運單; through the simulator (the
// default), and against a stand-in for ECPay's logistics API started here (ECPAY_LOGISTICS_API_URL).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMethod, PaymentMethod, shipmentMsg } from '@shop/domain';
import { jobs, shipmentNotices, shipments } from '../../db/schema/index.ts';
import { useStandIn } from '../../test/stand-in-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  dropOrderMessageJobs,
  insertMember,
  insertOrder,
  insertProduct,
  orderRow,
  type ProductFixture,
  productLine,
} from '../admin-orders/test-fixtures.ts';
import { createJobRunner } from '../jobs/index.ts';
import { formatLogisticsDate } from './ecpay-logistics.ts';
import { signLogisticsFields, verifyLogisticsCheckMacValue } from './logistics-check-mac-value.ts';
import { shipmentJobHandlers } from './shipment-jobs.ts';
import { SIMULATOR_STORES } from './simulator-stores.ts';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const data = (res: Res) => res.json().data;

async function shipmentsOf(t: TestApp, orderId: number) {
  return t.db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id);
}

const seven = SIMULATOR_STORES.UNIMART[0]!;

/** A cash-on-pickup order to a 7-ELEVEN store of the simulator's map. */
const storeOrder = (t: TestApp, memberId: number, tea: ProductFixture, values: Record<string, unknown> = {}) =>
  insertOrder(t.db, {
    memberId,
    lines: [productLine(tea, 2)],
    values: {
      paymentType: PaymentMethod.CashOnDelivery,
      deliveryMethod: DeliveryMethod.ConvenienceStore,
      recvAddress: '',
      storeInfo: JSON.stringify({ chain: 'UNIMART', id: seven.id, name: seven.name, address: seven.address }),
      ...values,
    },
  });

const requestShipments = (t: TestApp, orderIds: number[]) =>
  t.asStaff('staff', 'POST', '/api/v1/admin/shipments', { order_ids: orderIds });

const postNotice = (t: TestApp, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/logistics/status',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('shipments through the simulator (the default)', () => {
  let t: TestApp;
  let ming: number;
  let tea: ProductFixture;

  beforeAll(async () => {
    t = await createTestApp();
    ming = (await insertMember(t.db, { cellPhone: '0911000111' })).id;
    tea = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
  });
  afterAll(() => t?.close());

  // The order messages these moves queue are another module's jobs (their own tests send them).
  const runJobs = async () => {
    await dropOrderMessageJobs(t.db);
    return createJobRunner({ db: t.db, handlers: shipmentJobHandlers({ db: t.db, config: t.config }) }).runOnce();
  };
  const simulate = (orderId: number, unclaimed = false) =>
    t.asStaff('staff', 'POST', `/api/v1/admin/orders/${orderId}/shipment/simulate`, { unclaimed });
  const adminOrder = async (orderId: number) =>
    data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${orderId}`));
  const memberOrder = async (orderId: number) => data(await t.asMember(ming, 'GET', `/api/v1/orders/${orderId}`));

  it('creates the logistics order off the request path, ships the order, and status notices move it to picked up', async () => {
    const order = await storeOrder(t, ming, tea);
    const asked = await requestShipments(t, [order.id]);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(data(asked)).toEqual([
      { order_id: order.id, order_number: order.orderNumber, ok: true, msg: '已送出建立物流單' },
    ]);
    // The owner sees it pending until the job ran; the order is not shipped yet.
    expect((await adminOrder(order.id)).shipment).toMatchObject({ state: 'pending', sub_type: 'UNIMARTC2C' });
    expect((await orderRow(t.db, order.id)).isShipping).toBe(false);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'create-shipment'));
    expect(job).toMatchObject({
      status: 'queued',
      dedupeKey: expect.stringMatching(`^create-shipment:${order.id}:`),
      payload: { shipmentId: expect.any(Number), orderId: order.id },
    });

    expect(await runJobs()).toMatchObject({ claimed: 1, done: 1 });
    const [created] = await shipmentsOf(t, order.id);
    expect(created).toMatchObject({
      state: 'created',
      logisticsType: 'CVS',
      subType: 'UNIMARTC2C',
      collectionAmount: order.payAmount,
      statusCode: 300,
    });
    expect(created!.allPayLogisticsId).toMatch(/^\d{8}$/);
    expect(created!.cvsPaymentNo).toMatch(/^C\d{9}$/);
    expect(created!.cvsValidationNo).toMatch(/^\d{4}$/);
    const shipped = await orderRow(t.db, order.id);
    expect(shipped).toMatchObject({
      isShipping: true,
      freightCompany: '7-ELEVEN 交貨便',
      trackingNumber: created!.cvsPaymentNo + created!.cvsValidationNo,
    });
    expect((await memberOrder(order.id)).shopper_state).toBe('shipped');

    expect((await simulate(order.id)).statusCode).toBe(200);
    // On its way: nothing reached the member to send back.
    expect(await memberOrder(order.id)).toMatchObject({ shopper_state: 'in_transit', actions: { return: false } });
    for (const state of ['in_transit', 'arrived']) {
      expect((await simulate(order.id)).statusCode).toBe(200);
      expect((await memberOrder(order.id)).shopper_state).toBe(state);
    }
    const arrived = await memberOrder(order.id);
    expect(arrived.pickup_deadline).toEqual(expect.any(String));
    expect(new Date(arrived.pickup_deadline).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const last = await simulate(order.id);
    expect(data(last)).toMatchObject({ status_code: 2067, can_simulate: false });
    const picked = await memberOrder(order.id);
    expect(picked).toMatchObject({ shopper_state: 'picked_up', pickup_deadline: null, actions: { return: true } });
    expect(picked.received_at).toEqual(expect.any(String));
    // spec §4: the return window counts from pickup.
    expect(new Date(picked.return_deadline).getTime()).toBeGreaterThan(new Date(picked.received_at).getTime());
    const page = data(
      await t.asMember(
        ming,
        'GET',
        `/api/v1/orders-by-members-id-and-order-number/member/${ming}/number/${order.orderNumber}`,
      ),
    );
    expect(page.timeline.map((s: { state: string }) => s.state)).toEqual([
      'shipped',
      'in_transit',
      'arrived',
      'picked_up',
    ]);
    const back = await adminOrder(order.id);
    expect(back.shipment.notices.map((n: { code: number }) => n.code)).toEqual([2030, 2068, 2073, 2067]);
    expect(back.events.at(-1)).toMatchObject({ event: 'pick_up', actor: 'provider', actor_name: 'ECPay 物流' });
  });

  it('asks for many orders at once and says which could not be shipped', async () => {
    const a = await storeOrder(t, ming, tea);
    const b = await storeOrder(t, ming, tea);
    const cancelled = await storeOrder(t, ming, tea, { status: 3 });
    const res = await requestShipments(t, [a.id, b.id, cancelled.id, a.id]);
    expect(data(res).map((r: { ok: boolean; msg: string }) => [r.ok, r.msg])).toEqual([
      [true, '已送出建立物流單'],
      [true, '已送出建立物流單'],
      [false, shipmentMsg.notShippable],
    ]);
    expect(data(await requestShipments(t, [a.id]))[0]).toMatchObject({ ok: false, msg: shipmentMsg.alreadyRequested });
    expect(await runJobs()).toMatchObject({ claimed: 2, done: 2 });
    expect((await orderRow(t.db, b.id)).isShipping).toBe(true);
  });

  it('refuses a receiver ECPay would refuse before asking it, and says why on the order', async () => {
    const longAddress = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 1)],
      values: { recvAddress: `台北市大安區${'復興南路一段'.repeat(10)}390號` },
    });
    const badName = await storeOrder(t, ming, tea, { recvName: '王' });
    const res = await requestShipments(t, [longAddress.id, badName.id]);
    expect(data(res).map((r: { msg: string }) => r.msg)).toEqual([
      shipmentMsg.receiverAddress,
      shipmentMsg.receiverName,
    ]);
    expect((await adminOrder(longAddress.id)).shipment).toMatchObject({
      state: 'refused',
      error: shipmentMsg.receiverAddress,
    });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `create-shipment:${longAddress.id}:1`)),
    ).toEqual([]);
  });

  it('takes a notice once; a forged or replayed one changes nothing; the order can be left unclaimed', async () => {
    const order = await storeOrder(t, ming, tea);
    await requestShipments(t, [order.id]);
    await runJobs();
    await simulate(order.id);
    await simulate(order.id);
    await simulate(order.id);
    const [s] = await shipmentsOf(t, order.id);
    const merchant = t.config.ecpayLogistics;
    const notice = signLogisticsFields(
      {
        MerchantID: merchant.merchantId,
        MerchantTradeNo: s!.merchantTradeNo,
        RtnCode: '2067',
        RtnMsg: '消費者成功取件',
        AllPayLogisticsID: s!.allPayLogisticsId!,
        LogisticsType: 'CVS_UNIMARTC2C',
        LogisticsSubType: 'UNIMARTC2C',
        GoodsAmount: String(order.payAmount),
        UpdateStatusDate: formatLogisticsDate(new Date()),
      },
      merchant.hashKey,
      merchant.hashIv,
    );
    const forged = await postNotice(t, { ...notice, RtnCode: '2074' });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('0|CheckMacValue Error');
    expect((await orderRow(t.db, order.id)).deliveryState).toBe('arrived');

    // Not picked up, as the simulator plays it; then a picked-up notice comes too late to count.
    expect(data(await simulate(order.id, true))).toMatchObject({ status_code: 2074 });
    expect(await memberOrder(order.id)).toMatchObject({ shopper_state: 'unclaimed', actions: { return: false } });
    for (let i = 0; i < 2; i++) {
      const res = await postNotice(t, notice);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('1|OK');
    }
    expect((await orderRow(t.db, order.id)).deliveryState).toBe('unclaimed');
    const kept = await t.db.select().from(shipmentNotices).where(eq(shipmentNotices.shipmentId, s!.id));
    expect(kept.filter((n) => n.code === 2067)).toHaveLength(1);
  });

  it("prints the simulator's own labels of the selected orders", async () => {
    const order = await storeOrder(t, ming, tea);
    await requestShipments(t, [order.id]);
    await runJobs();
    const [s] = await shipmentsOf(t, order.id);
    const res = await t.asStaff('staff', 'GET', `/api/v1/admin/shipments/labels?order_ids=${order.id},999999`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(s!.cvsPaymentNo);
    expect(res.body).toContain(seven.name);
    expect(res.body).toContain('1 筆訂單尚未建立物流單');
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'none'");
    expect((await t.guest('GET', `/api/v1/admin/shipments/labels?order_ids=${order.id}`)).statusCode).toBe(401);
  });
});

describe('shipments against a stand-in for ECPay’s logistics API', () => {
  const MERCHANT = '2000132';
  const KEY = '5294y06JbISpM5x9';
  const IV = 'v77hoKGq4kWxNNIS';
  let t: TestApp;
  let ming: number;
  let fish: ProductFixture;
  let received: Record<string, string>[] = [];
  let outages = 0;
  let refuseWith: string | null = null;
  /** Logistics orders the stand-in created, for their ids. */
  let created = 0;

  const ecpay = useStandIn((request) => {
    if (outages > 0) {
      outages--;
      return { status: 503, body: 'Service Unavailable' };
    }
    const fields = Object.fromEntries(new URLSearchParams(request.body));
    received.push({ path: request.path, ...fields });
    const html = (text: string) => ({ type: 'text/html; charset=utf-8', body: text });
    if (!verifyLogisticsCheckMacValue(fields, KEY, IV)) return html('0|CheckMacValue Error');
    if (refuseWith) return html(`0|${refuseWith}`);
    created++;
    const answer = signLogisticsFields(
      {
        MerchantID: MERCHANT,
        MerchantTradeNo: fields.MerchantTradeNo!,
        RtnCode: '300',
        RtnMsg: '訂單處理中(已收到訂單資料)',
        AllPayLogisticsID: String(1700000 + created),
        LogisticsType: `${fields.LogisticsType}_${fields.LogisticsSubType}`,
        LogisticsSubType: fields.LogisticsSubType!,
        GoodsAmount: fields.GoodsAmount!,
        UpdateStatusDate: '2026/11/26 12:00:00',
        CVSPaymentNo: '',
        CVSValidationNo: '',
        BookingNote: `90551234${String(created).padStart(4, '0')}`,
      },
      KEY,
      IV,
    );
    return html(`1|${new URLSearchParams(answer)}`);
  });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ECPAY_LOGISTICS_MODE: 'stage',
        ECPAY_LOGISTICS_CVS_TYPE: 'B2C',
        ECPAY_LOGISTICS_API_URL: ecpay.url,
        ECPAY_LOGISTICS_COLD_TEMPERATURE: 'frozen',
      },
    });
    ming = (await insertMember(t.db, { cellPhone: '0911000111' })).id;
    fish = await insertProduct(t.db, '澎湖冷凍小卷', 880);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    received = [];
    outages = 0;
    refuseWith = null;
  });

  const handlers = () => shipmentJobHandlers({ db: t.db, config: t.config });
  const runJobs = async () => {
    await dropOrderMessageJobs(t.db);
    return createJobRunner({ db: t.db, handlers: handlers(), backoff: () => 0 }).runOnce();
  };
  const coldOrder = () =>
    insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(fish, 1)],
      values: { deliveryMethod: DeliveryMethod.LowTemperature, isPayment: true, paidAt: new Date() },
    });

  it('sends a signed HOME/TCAT shipment at the frozen temperature and ships the order with the booking note', async () => {
    const order = await coldOrder();
    await requestShipments(t, [order.id]);
    expect(await runJobs()).toMatchObject({ done: 1 });
    expect(received).toHaveLength(1);
    const sent = received[0]!;
    expect(sent).toMatchObject({
      path: '/Express/Create',
      MerchantID: MERCHANT,
      LogisticsType: 'HOME',
      LogisticsSubType: 'TCAT',
      Temperature: '0003',
      Distance: '00',
      ReceiverName: '王小明',
      ReceiverZipCode: '106',
      ReceiverAddress: '台北市大安區復興南路一段390號',
      SenderName: t.config.ECPAY_LOGISTICS_SENDER_NAME,
      GoodsAmount: String(order.payAmount),
      ServerReplyURL: `${t.config.publicUrl}/api/v1/logistics/status`,
    });
    expect(sent.CheckMacValue).toMatch(/^[0-9A-F]{32}$/);
    expect(sent.IsCollection).toBeUndefined();
    expect(await orderRow(t.db, order.id)).toMatchObject({
      isShipping: true,
      freightCompany: '黑貓宅急便',
      trackingNumber: '905512340001',
    });
    const tracking = data(await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}`));
    expect(tracking).toMatchObject({ freight_company: '黑貓宅急便', tracking_number: '905512340001' });
  });

  it('waits and retries while ECPay is down; the owner sees it pending', async () => {
    const order = await coldOrder();
    await requestShipments(t, [order.id]);
    outages = 1;
    expect(await runJobs()).toMatchObject({ retried: 1 });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'create-shipment')).orderBy(jobs.id);
    expect(job).toBeDefined();
    const waiting = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    expect(waiting.shipment).toMatchObject({ state: 'pending' });
    expect(waiting.is_shipping).toBe(false);
    expect(await runJobs()).toMatchObject({ done: 1 });
    expect((await orderRow(t.db, order.id)).isShipping).toBe(true);
  });

  it("keeps ECPay's refusal on the order and lets the owner ask again", async () => {
    const order = await coldOrder();
    refuseWith = '收件人地址錯誤';
    await requestShipments(t, [order.id]);
    expect(await runJobs()).toMatchObject({ done: 1 });
    const refused = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    expect(refused.shipment).toMatchObject({ state: 'refused', error: '收件人地址錯誤' });
    expect(refused.is_shipping).toBe(false);
    refuseWith = null;
    expect(data(await requestShipments(t, [order.id]))[0]).toMatchObject({ ok: true });
    expect(await runJobs()).toMatchObject({ done: 1 });
    expect((await shipmentsOf(t, order.id)).map((s) => s.state)).toEqual(['refused', 'created']);
  });

  it('moves a home delivery to delivered on a signed notice, and refuses forged ones', async () => {
    const order = await coldOrder();
    await requestShipments(t, [order.id]);
    await runJobs();
    const [s] = await shipmentsOf(t, order.id);
    const notice = (code: string, at: string) =>
      signLogisticsFields(
        {
          MerchantID: MERCHANT,
          MerchantTradeNo: s!.merchantTradeNo,
          RtnCode: code,
          RtnMsg: code === '3003' ? '配完' : '配送中',
          AllPayLogisticsID: s!.allPayLogisticsId!,
          LogisticsType: 'HOME_TCAT',
          LogisticsSubType: 'TCAT',
          GoodsAmount: String(order.payAmount),
          UpdateStatusDate: at,
          BookingNote: s!.bookingNote,
        },
        KEY,
        IV,
      );
    const wrongKey = signLogisticsFields({ ...notice('3003', '2026/11/27 10:00:00') }, 'another-key', IV);
    expect((await postNotice(t, wrongKey)).statusCode).toBe(400);
    expect((await postNotice(t, { ...notice('3003', '2026/11/27 10:00:00'), MerchantID: '2000933' })).statusCode).toBe(
      400,
    );
    expect((await orderRow(t.db, order.id)).deliveryState).toBeNull();
    expect((await postNotice(t, notice('3006', '2026/11/27 09:00:00'))).body).toBe('1|OK');
    expect((await postNotice(t, notice('3003', '2026/11/27 10:00:00'))).body).toBe('1|OK');
    const row = await orderRow(t.db, order.id);
    expect(row.deliveryState).toBe('delivered');
    expect(row.receivedAt?.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(data(await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}`))).toMatchObject({
      shopper_state: 'delivered',
      received_at: '2026-11-27T02:00:00.000Z',
      return_deadline: '2026-12-04T15:59:59.999Z',
    });
  });

  it("opens ECPay's print page of the selected shipments, signed", async () => {
    const a = await coldOrder();
    const b = await coldOrder();
    await requestShipments(t, [a.id, b.id]);
    await runJobs();
    const ids = (await Promise.all([a.id, b.id].map((id) => shipmentsOf(t, id)))).map(([s]) => s!.allPayLogisticsId);
    const res = await t.asStaff('staff', 'GET', `/api/v1/admin/shipments/labels?order_ids=${a.id},${b.id}`);
    expect(res.statusCode).toBe(200);
    const { port } = new URL(ecpay.url);
    expect(res.body).toContain(`action="http://127.0.0.1:${port}/helper/printTradeDocument"`);
    expect(res.body).toContain(`name="AllPayLogisticsID" value="${ids.join(',')}"`);
    const mac = /name="CheckMacValue" value="([0-9A-F]{32})"/.exec(res.body)?.[1];
    expect(
      verifyLogisticsCheckMacValue(
        { MerchantID: MERCHANT, AllPayLogisticsID: ids.join(','), CheckMacValue: mac! },
        KEY,
        IV,
      ),
    ).toBe(true);
    expect(String(res.headers['content-security-policy'])).toContain(`form-action http://127.0.0.1:${port}`);
  });
});
