// Issue 17 item 1: the store map of the checkout, through the simulator (the default mode) and
// the shop's real routes: the map form, the simulator's page, the map's reply, and an order placed
// with the chosen store. Every test makes the member, product and cart it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PaymentMethod, readStoreToken, storeMsg, toBase64Url } from '@shop/domain';
import { orders, shoppingCarts, storeMapTickets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  checkoutCart,
  insertCartLine,
  insertMember,
  insertProduct,
  insertShopOrder,
  useOrderTestApp,
} from '../orders/order-fixtures.ts';
import { chooseStoreOnMap } from './store-fixtures.ts';
import { logisticsSettings, signStoreToken } from './store-map.service.ts';

let clock = new Date('2026-11-26T04:00:00Z');

const t = useOrderTestApp({ now: () => clock });

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function mapForm(memberId: number, chain = 'UNIMART') {
  const res = await t.asMember(memberId, 'GET', `/api/v1/logistics/store-map?chain=${chain}&collect=N&device=1`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { action: string; fields: Record<string, string> };
}

const replyOf = (fields: Record<string, string>, store: Partial<Record<string, string>> = {}) => ({
  MerchantID: fields.MerchantID!,
  MerchantTradeNo: fields.MerchantTradeNo!,
  LogisticsSubType: fields.LogisticsSubType!,
  CVSStoreID: '131386',
  CVSStoreName: '忠孝敦化門市',
  CVSAddress: '臺北市大安區忠孝東路四段181號',
  CVSTelephone: '0227215631',
  CVSOutSide: '0',
  ExtraData: fields.ExtraData!,
  ...store,
});

const postReply = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/logistics/map-reply',
    ...form(fields),
    headers: { ...form(fields).headers, ...headers },
  });

const tokenOf = (res: Reply) =>
  new URL(String(res.headers.location), 'http://shop.test').searchParams.get('store') ?? '';

describe('GET /logistics/store-chains', () => {
  it('offers the four chains of a C2C contract', async () => {
    const res = await t.guest('GET', '/api/v1/logistics/store-chains');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cvs_type: 'C2C', chains: ['UNIMART', 'FAMI', 'HILIFE', 'OKMART'] });
  });
});

describe('GET /logistics/store-map', () => {
  it("answers the simulator's map form with ECPay's fields, for members only", async () => {
    const member = await insertMember(t.db);
    const { action, fields } = await mapForm(member);
    expect(action).toBe(`${t.config.publicUrl}/logistics-simulator/map`);
    expect(fields).toMatchObject({
      MerchantID: '2000933',
      LogisticsType: 'CVS',
      LogisticsSubType: 'UNIMARTC2C',
      IsCollection: 'N',
      ServerReplyURL: `${t.config.publicUrl}/api/v1/logistics/map-reply`,
      Device: '1',
    });
    expect(fields.MerchantTradeNo).toMatch(/^SM[0-9A-Z]{9,18}$/);
    expect(fields.MerchantTradeNo!.length).toBeLessThanOrEqual(20);
    expect(fields.ExtraData).toMatch(/^[0-9a-f]{20}$/);
    const other = await mapForm(member);
    expect(other.fields.MerchantTradeNo).not.toBe(fields.MerchantTradeNo);

    const guest = await t.guest('GET', '/api/v1/logistics/store-map?chain=UNIMART');
    expect(guest.statusCode).toBe(401);
  });

  it('records each ticket for the member who opened the map, with no store yet', async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member, 'HILIFE');
    const [ticket] = await t.db
      .select()
      .from(storeMapTickets)
      .where(eq(storeMapTickets.tradeNo, fields.MerchantTradeNo!));
    expect(ticket).toMatchObject({ memberId: member, subType: 'HILIFEC2C', repliedAt: null, storeId: '' });
  });

  it('refuses a chain it does not know', async () => {
    const member = await insertMember(t.db);
    const res = await t.asMember(member, 'GET', '/api/v1/logistics/store-map?chain=PCHOME');
    expect(res.statusCode).toBe(400);
  });
});

describe('the store-map simulator', () => {
  it("lists the chain's stores, each posting the map's reply to the shop, and searches by district", async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    const page = await t.app.inject({ method: 'POST', url: '/logistics-simulator/map', ...form(fields) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/style-src 'nonce-[^']+'/);
    expect(page.body).toContain('選擇 7-ELEVEN 取貨門市');
    expect(page.body).toContain('忠孝敦化門市');
    expect(page.body).toContain('高雄五福門市');
    expect(page.body).toContain('action="/api/v1/logistics/map-reply"');
    expect(page.body).toContain(`name="ExtraData" value="${fields.ExtraData}"`);
    expect(page.body.match(/選擇此門市/g)).toHaveLength(8);

    const daan = await t.app.inject({
      method: 'POST',
      url: '/logistics-simulator/map',
      ...form({ ...fields, sim_district: '臺北市大安區', sim_q: '' }),
    });
    expect(daan.body.match(/選擇此門市/g)).toHaveLength(2);
    expect(daan.body).not.toContain('高雄五福門市');
    expect(daan.body).toContain('共 2 間門市');
  });

  it.each([
    ['another merchant', { MerchantID: '2000132' }, 'MerchantID'],
    ['a sub-type of another contract', { LogisticsSubType: 'UNIMART' }, '不支援物流子類型'],
    ['a reply address outside the shop', { ServerReplyURL: 'https://evil.example/steal' }, 'ServerReplyURL'],
  ])('refuses a map request with %s', async (_label, change, words) => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    const page = await t.app.inject({
      method: 'POST',
      url: '/logistics-simulator/map',
      ...form({ ...fields, ...change }),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(words);
  });
});

describe('POST /logistics/map-reply', () => {
  it('sends the shopper back to the checkout with the store signed in a token', async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    // The shopper's own XSRF cookie rides along on the simulator's same-site post: still accepted.
    const res = await postReply(replyOf(fields), { cookie: 'XSRF-TOKEN=abc' });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/cart\?store=/);
    expect(readStoreToken(tokenOf(res))).toMatchObject({
      chain: 'UNIMART',
      id: '131386',
      name: '忠孝敦化門市',
      address: '臺北市大安區忠孝東路四段181號',
      outside: false,
    });
  });

  it.each([
    ['an unknown chain', { LogisticsSubType: 'PCHOMEC2C' }, storeMsg.replyUnknownChain],
    ['no store', { CVSStoreID: '', CVSStoreName: '' }, storeMsg.replyNoStore],
    ['another merchant', { MerchantID: '3002607' }, storeMsg.replyForged],
    ['a made-up ticket', { ExtraData: '0'.repeat(20) }, storeMsg.replyForged],
    [
      'a ticket of another chain',
      { LogisticsSubType: 'FAMIC2C', CVSStoreID: '006598', CVSStoreName: '全家台北信義店' },
      storeMsg.replyForged,
    ],
    ['a store the map does not have', { CVSStoreID: '999999' }, storeMsg.replyForged],
    ['a store renamed on the way', { CVSStoreName: '免運費門市' }, storeMsg.replyForged],
  ])('refuses a reply with %s on a zh-TW page', async (_label, change, message) => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    const res = await postReply(replyOf(fields, change));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(message);
    expect(res.body).toContain('href="/cart"');
  });

  it('refuses a reply on a ticket the shop signed but has no record of (a wiped database, another shop)', async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    await t.db.delete(storeMapTickets).where(eq(storeMapTickets.tradeNo, fields.MerchantTradeNo!));
    const res = await postReply(replyOf(fields));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(storeMsg.replyForged);
  });

  it('records the store on the ticket, and a second choice on the same ticket replaces it', async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    expect((await postReply(replyOf(fields))).statusCode).toBe(303);
    const again = await postReply(
      replyOf(fields, { CVSStoreID: '154962', CVSStoreName: '高雄五福門市', CVSAddress: '高雄市新興區五福二路156號' }),
    );
    expect(again.statusCode).toBe(303);
    const [ticket] = await t.db
      .select()
      .from(storeMapTickets)
      .where(eq(storeMapTickets.tradeNo, fields.MerchantTradeNo!));
    expect(ticket).toMatchObject({ storeChain: 'UNIMART', storeId: '154962', storeName: '高雄五福門市' });
    expect(readStoreToken(tokenOf(again))).toMatchObject({ id: '154962', ticket: fields.MerchantTradeNo });
  });

  it('refuses a reply long after its map was opened', async () => {
    const member = await insertMember(t.db);
    const { fields } = await mapForm(member);
    clock = new Date(clock.getTime() + 3 * 3600_000);
    try {
      const res = await postReply(replyOf(fields));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(storeMsg.replyForged);
    } finally {
      clock = new Date(clock.getTime() - 3 * 3600_000);
    }
  });
});

describe('POST /orders with a store from the map', () => {
  async function cartWith(price: number) {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ onSalePrice: price }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    return member;
  }
  /** The member's cart ordered for cash on pickup at `store` (what the checkout sends of the map's choice). */
  const placeCvsOrder = (memberId: number, store: unknown, overrides: Record<string, unknown> = {}) =>
    checkoutCart(t, memberId, {
      payment_type: PaymentMethod.CashOnDelivery,
      delivery_method: 3,
      recv_address: '',
      store,
      ...overrides,
    });

  it('stores the chosen store (chain, id, name, address) and shows it on the order, never the token', async () => {
    const member = await cartWith(300);
    const chosen = await chooseStoreOnMap(t, member, 'FAMI', '013574');
    // What the browser says besides the token does not count: the token's store is stored.
    const res = await placeCvsOrder(member, { ...chosen, name: '別的門市' });
    expect(res.statusCode).toBe(201);
    const store = { chain: 'FAMI', id: '013574', name: '全家大安和平店', address: '臺北市大安區和平東路二段96號' };
    expect(res.json().data.store).toEqual(store);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().data.id));
    expect(JSON.parse(row!.storeInfo!)).toEqual(store);
    const read = await t.asMember(member, 'GET', `/api/v1/orders/${row!.id}`);
    expect(read.json().data.store).toEqual(store);
  });

  it('refuses a store typed by hand, a forged token and an expired one, on the store field', async () => {
    const member = await cartWith(300);
    const typed = await placeCvsOrder(member, { chain: 'UNIMART', id: '131386', name: '忠孝敦化門市' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual([{ field: 'store', msg: storeMsg.chooseOnMap }]);

    const chosen = await chooseStoreOnMap(t, member);
    const [payload, mac] = chosen.token.split('.') as [string, string];
    const changed = JSON.stringify({ ...readStoreToken(chosen.token), id: '201843' });
    const forged = await placeCvsOrder(member, { ...chosen, token: `${toBase64Url(changed)}.${mac}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual([{ field: 'store', msg: storeMsg.chooseAgain }]);
    expect(payload).not.toBe(toBase64Url(changed));

    clock = new Date(clock.getTime() + 25 * 3600_000);
    try {
      const late = await placeCvsOrder(member, chosen);
      expect(late.statusCode).toBe(400);
      expect(late.json().errors).toEqual([{ field: 'store', msg: storeMsg.chooseAgain }]);
    } finally {
      clock = new Date(clock.getTime() - 25 * 3600_000);
    }
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toHaveLength(0);
  });

  it('refuses a store another member chose (a reply forced through this shopper’s browser), and keeps the cart', async () => {
    const shopper = await cartWith(300);
    const stranger = await insertMember(t.db);
    // A page elsewhere posts a reply on the stranger's own ticket from the shopper's browser: the map
    // reply takes no credential, so it is accepted, and the shopper comes back with the stranger's store.
    const planted = await chooseStoreOnMap(t, stranger, 'UNIMART', '201843');
    const res = await placeCvsOrder(shopper, planted);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      msg: storeMsg.notYourStore,
      errors: [{ field: 'store', msg: storeMsg.notYourStore }],
    });
    expect(await t.db.select().from(orders).where(eq(orders.memberId, shopper))).toHaveLength(0);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, shopper))).toHaveLength(1);

    // The shopper's own choice goes through with the same cart.
    const own = await chooseStoreOnMap(t, shopper, 'UNIMART', '131386');
    const placed = await placeCvsOrder(shopper, own);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.store).toMatchObject({ chain: 'UNIMART', id: '131386' });
  });

  it('takes the latest store chosen on a ticket, and refuses a store token from before the tickets', async () => {
    const member = await cartWith(300);
    const { fields } = await mapForm(member);
    const first = tokenOf(await postReply(replyOf(fields)));
    const second = tokenOf(
      await postReply(
        replyOf(fields, {
          CVSStoreID: '154962',
          CVSStoreName: '高雄五福門市',
          CVSAddress: '高雄市新興區五福二路156號',
        }),
      ),
    );
    const stale = await placeCvsOrder(member, { ...readStoreToken(first), token: first });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([{ field: 'store', msg: storeMsg.chooseAgain }]);

    // Signed by the shop, but with no ticket: what the map's reply made before tickets were recorded.
    const old = signStoreToken(
      logisticsSettings(t.config),
      {
        chain: 'UNIMART',
        id: '131386',
        name: '忠孝敦化門市',
        address: '臺北市大安區忠孝東路四段181號',
        outside: false,
      },
      clock,
    );
    const untied = await placeCvsOrder(member, { ...readStoreToken(old), token: old });
    expect(untied.statusCode).toBe(400);
    expect(untied.json().errors).toEqual([{ field: 'store', msg: storeMsg.chooseAgain }]);

    const latest = await placeCvsOrder(member, { ...readStoreToken(second), token: second });
    expect(latest.statusCode, latest.body).toBe(201);
    expect(latest.json().data.store).toEqual({
      chain: 'UNIMART',
      id: '154962',
      name: '高雄五福門市',
      address: '高雄市新興區五福二路156號',
    });
  });

  it('refuses cash on pickup over NT$20,000 on the payment field, and takes it with Black-cat', async () => {
    const member = await cartWith(20_001);
    const chosen = await chooseStoreOnMap(t, member);
    const over = await placeCvsOrder(member, chosen);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ field: 'payment_type', msg: storeMsg.codOverLimit }]);

    const paidAhead = await placeCvsOrder(member, chosen, { payment_type: PaymentMethod.Transfer });
    expect(paidAhead.statusCode).toBe(201);

    const other = await cartWith(20_001);
    const blackCat = await checkoutCart(t, other, { payment_type: PaymentMethod.CashOnDelivery, delivery_method: 4 });
    expect(blackCat.statusCode).toBe(201);
    expect(blackCat.json().data).toMatchObject({ payment_type: PaymentMethod.CashOnDelivery, delivery_method: 4 });
  });

  it('takes cash on pickup of exactly NT$20,000', async () => {
    const member = await cartWith(20_000); // shipping is free from NT$1,500
    const chosen = await chooseStoreOnMap(t, member, 'OKMART');
    const res = await placeCvsOrder(member, chosen);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ pay_amount: 20_000, store: { chain: 'OKMART', id: '1328' } });
  });
});

describe('an order from before the store map', () => {
  it('reads its store with an empty address', async () => {
    const member = await insertMember(t.db);
    const old = await insertShopOrder(t.db, member, {
      deliveryMethod: 3,
      storeInfo: JSON.stringify({ chain: 'UNIMART', id: '131386', name: '忠孝敦化門市' }),
    });
    const res = await t.asMember(member, 'GET', `/api/v1/orders/${old.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.store).toEqual({ chain: 'UNIMART', id: '131386', name: '忠孝敦化門市', address: '' });
  });
});

describe('a B2C contract in stage mode', () => {
  let stage: TestApp;
  beforeAll(async () => {
    stage = await createTestApp({
      now: () => clock,
      env: { ECPAY_LOGISTICS_MODE: 'stage', ECPAY_LOGISTICS_CVS_TYPE: 'B2C' },
    });
  });
  afterAll(() => stage?.close());

  it("posts the map form to ECPay's test system, offers no OK, and has no simulator page", async () => {
    const chains = await stage.guest('GET', '/api/v1/logistics/store-chains');
    expect(chains.json().data).toEqual({ cvs_type: 'B2C', chains: ['UNIMART', 'FAMI', 'HILIFE'] });
    const member = await insertMember(stage.db);
    const res = await stage.asMember(member, 'GET', '/api/v1/logistics/store-map?chain=FAMI&collect=Y');
    expect(res.json().data).toMatchObject({
      action: 'https://logistics-stage.ecpay.com.tw/Express/map',
      fields: { MerchantID: '2000132', LogisticsSubType: 'FAMI', IsCollection: 'Y', Device: '0' },
    });
    const ok = await stage.asMember(member, 'GET', '/api/v1/logistics/store-map?chain=OKMART');
    expect(ok.statusCode).toBe(400);
    expect(ok.json().msg).toBe(storeMsg.chainUnavailable);
    const simulator = await stage.app.inject({ method: 'POST', url: '/logistics-simulator/map', ...form({}) });
    expect(simulator.statusCode).toBe(404);
  });

  it('takes a reply only on a ticket it issued, and its store only for the member who opened the map', async () => {
    // No list of stores to check against outside the simulator: the ticket is what the reply is checked by.
    const member = await insertMember(stage.db);
    const other = await insertMember(stage.db);
    const res = await stage.asMember(member, 'GET', '/api/v1/logistics/store-map?chain=FAMI&collect=Y');
    const fields = res.json().data.fields as Record<string, string>;
    const reply = (change: Record<string, string>) =>
      stage.app.inject({
        method: 'POST',
        url: '/api/v1/logistics/map-reply',
        ...form({
          MerchantID: fields.MerchantID!,
          MerchantTradeNo: fields.MerchantTradeNo!,
          LogisticsSubType: 'FAMI',
          CVSStoreID: '006598',
          CVSStoreName: '全家台北信義店',
          CVSAddress: '臺北市信義區信義路五段150巷2號',
          CVSTelephone: '',
          CVSOutSide: '0',
          ExtraData: fields.ExtraData!,
          ...change,
        }),
      });

    const forgeries: Record<string, string>[] = [
      { MerchantTradeNo: 'SMT5ABCDE1ABCDEFGH', ExtraData: '0123456789abcdef0123' },
      { ExtraData: '' },
      { MerchantTradeNo: '' },
    ];
    for (const forged of forgeries) {
      const refused = await reply(forged);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(storeMsg.replyForged);
      expect(refused.body).toContain('href="/cart"');
    }

    const accepted = await reply({});
    expect(accepted.statusCode).toBe(303);
    const token = tokenOf(accepted);
    const p = await insertProduct(stage.db, {}, [{ onSalePrice: 300 }]);
    for (const who of [member, other]) await insertCartLine(stage.db, who, p.id, p.specIds[0]!, 1);
    const body = {
      payment_type: PaymentMethod.CashOnDelivery,
      delivery_method: 3,
      recv_address: '',
      store: { ...readStoreToken(token), token },
    };
    const theirs = await checkoutCart(stage, other, body);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual([{ field: 'store', msg: storeMsg.notYourStore }]);
    const mine = await checkoutCart(stage, member, body);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data.store).toEqual({
      chain: 'FAMI',
      id: '006598',
      name: '全家台北信義店',
      address: '臺北市信義區信義路五段150巷2號',
    });
  });
});
