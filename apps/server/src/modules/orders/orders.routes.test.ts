import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CancelStatus,
  DiscountKind,
  InvoiceType,
  msg,
  orderMsg,
  OrderStatus,
  PaymentMethod,
  paymentMsg,
  PromotionType,
  Status,
} from '@shop/domain';
import {
  bonusLedger,
  idempotencyKeys,
  memberBonus,
  orderCancelRecords,
  orders,
  packageShoppingCarts,
  productPackages,
  productSpecs,
  shoppingCarts,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS, sweepIdempotencyKeys } from './order-checkout.service.ts';
import {
  insertBundle,
  insertCartLine,
  insertInfluencer,
  insertMember,
  insertPackage,
  insertPackageCartLine,
  insertProduct,
  insertShopOrder,
  orderBody,
  postOrder,
  useOrderTestApp,
} from './order-fixtures.ts';
import { chooseStoreOnMap } from '../logistics/store-fixtures.ts';

/** 12:00 in Taipei. */
const NOW = new Date('2026-06-01T04:00:00Z');

// Home delivery NT$100, low temperature NT$160, free from NT$1,500.
const t = useOrderTestApp({ now: () => NOW });

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const json = (res: Reply) => res.json();

const ordersOf = (memberId: number) => t.db.select().from(orders).where(eq(orders.memberId, memberId));
const cartOf = (memberId: number) => t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, memberId));
const stockOf = async (specId: number) =>
  (await t.db.select({ stock: productSpecs.stock }).from(productSpecs).where(eq(productSpecs.id, specId)))[0]!.stock;
const bonusOf = async (memberId: number) =>
  (await t.db.select({ bonus: memberBonus.bonus }).from(memberBonus).where(eq(memberBonus.memberId, memberId)))[0]!
    .bonus;

describe('POST /orders', () => {
  it('prices the server cart, freezes the lines, takes the stock and empties the cart in one go', async () => {
    const member = await insertMember(t.db, { cellPhone: '0922000001' });
    const tea = await insertProduct(t.db, { name: '阿里山高山烏龍茶' }, [
      { name: '150g', price: 650, onSalePrice: 520, stock: 5 },
      { name: '300g', price: 1200, onSalePrice: 990 },
    ]);
    const giftBox = await insertPackage(t.db, { name: '茶香禮盒', onSalePrice: 880, stock: 2 });
    await insertCartLine(t.db, member, tea.id, tea.specIds[0]!, 2);
    await insertPackageCartLine(t.db, member, giftBox, 1);

    const res = await postOrder(t, member, orderBody({ remark: '請放管理室' }));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = json(res).data;
    // 520 × 2 + 880 = 1,920 ≥ 1,500: free shipping.
    expect(order).toMatchObject({
      members_id: member,
      member_cellphone: '0922000001',
      payment_type: PaymentMethod.Transfer,
      delivery_method: 1,
      status: OrderStatus.Processing,
      is_payment: false,
      is_shipping: false,
      goods_amount: 1920,
      discount_amount: 0,
      celebrity_discount: 0,
      shipping: 0,
      free_shipping: true,
      use_bonus: 0,
      pay_amount: 1920,
      recv_name: '王小明',
      recv_cellphone: '0912345678',
      recv_address: '106台北市大安區忠孝東路四段100號5樓',
      store: null,
      remark: '請放管理室',
      receipt: { type: InvoiceType.Duplicate, carrier_type: 'none', carrier: '' },
      product_info: [
        {
          id: tea.id,
          spec_id: tea.specIds[0],
          name: '阿里山高山烏龍茶',
          product_specs_name: '150g',
          on_sale_price: 520,
          unit_price: 520,
          qty: 2,
          product_snapshot: { name: '阿里山高山烏龍茶', product_specs_name: '150g', on_sale_price: 520 },
        },
      ],
      package_info: [{ id: giftBox, name: '茶香禮盒', on_sale_price: 880, unit_price: 880, qty: 1 }],
      bundle_info: [],
      cancel_record: null,
      return_record: null,
      actions: { cancel: 'direct', return: false, notify_transfer: true },
      masked: false,
    });
    // A valid ECPay MerchantTradeNo: at most 20 letters and digits.
    expect(order.order_number).toMatch(/^2606011200[2-9A-HJ-NP-Z]{6}$/);

    const [row] = await ordersOf(member);
    expect(row).toMatchObject({ id: order.id, orderNumber: order.order_number, payAmount: 1920 });
    expect(JSON.parse(row!.productInfo)[0]).toMatchObject({ name: '阿里山高山烏龍茶', qty: 2, on_sale_price: 520 });
    expect(await stockOf(tea.specIds[0]!)).toBe(3);
    const [box] = await t.db.select().from(productPackages).where(eq(productPackages.id, giftBox));
    expect(box!.stock).toBe(1);
    expect(await cartOf(member)).toEqual([]);
    expect(await t.db.select().from(packageShoppingCarts).where(eq(packageShoppingCarts.memberId, member))).toEqual([]);
  });

  it('ignores prices, totals, status, order lines and unknown fields sent by the client', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ name: '標準', onSalePrice: 500 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const res = await postOrder(
      t,
      member,
      orderBody({
        members_id: member,
        goods_amount: 1,
        pay_amount: 1,
        shipping: 0,
        discount_amount: 9999,
        status: OrderStatus.Complete,
        is_payment: true,
        order_number: 'HACK1',
        product_info: [{ id: p.id, on_sale_price: 1, qty: 100 }],
        price: 1,
        qty: 1e9,
        whatever: { nested: true },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      goods_amount: 500,
      shipping: 100,
      discount_amount: 0,
      pay_amount: 600,
      status: OrderStatus.Processing,
      is_payment: false,
      product_info: [{ qty: 1, on_sale_price: 500 }],
    });
    expect(json(res).data.order_number).not.toBe('HACK1');
  });

  it("answers 403 for another member's members_id and writes nothing", async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const p = await insertProduct(t.db);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const res = await postOrder(t, member, orderBody({ members_id: other }));
    expect(res.statusCode).toBe(403);
    expect(await ordersOf(member)).toEqual([]);
    expect(await ordersOf(other)).toEqual([]);
    expect(await cartOf(member)).toHaveLength(1);
  });

  it.each([
    ['recv_cellphone', { recv_cellphone: '912345678' }, msg.mobileFormat],
    ['recv_cellphone', { recv_cellphone: '' }, msg.required],
    ['recv_name', { recv_name: '   ' }, msg.required],
    ['recv_address', { recv_address: '' }, msg.required],
    ['recv_address', { recv_address: 'xyz' }, msg.addressIncomplete],
    // The bank acquirer's card, while BANKCARD_MODE is off (decision 060).
    ['payment_type', { payment_type: 4 }, paymentMsg.bankcardOff],
    ['payment_type', { payment_type: '1e0' }, msg.paymentTypeChoose],
    ['delivery_method', { delivery_method: 9 }, msg.deliveryMethodChoose],
    ['store', { delivery_method: 3, recv_address: '' }, msg.storeChoose],
    ['receipt.type', { receipt: { type: 7 } }, msg.invoiceTypeChoose],
    ['receipt.tax_id', { receipt: { type: 2, tax_id: '12345678', title: '好物有限公司' } }, msg.businessNumberFormat],
    ['receipt.carrier', { receipt: { type: 1, carrier_type: 'mobile', carrier: '/ABC12' } }, msg.mobileBarcodeFormat],
    [
      'receipt.carrier',
      { receipt: { type: 1, carrier_type: 'citizen', carrier: 'A1234567890123' } },
      msg.citizenCertificateFormat,
    ],
    ['receipt.donate_code', { receipt: { type: 3, donate_code: '12' } }, msg.donationCodeFormat],
    ['remark', { remark: '字'.repeat(201) }, msg.max200],
    ['use_bonus', { use_bonus: -1 }, msg.bonusNotInteger],
    ['use_bonus', { use_bonus: 1.5 }, msg.bonusNotInteger],
    ['use_bonus', { use_bonus: '1e9' }, msg.bonusNotInteger],
  ])('answers 400 on %s with the spec message and writes nothing (%j)', async (field, change, message) => {
    const member = await insertMember(t.db, { bonus: 1000 });
    const p = await insertProduct(t.db, {}, [{ stock: 4 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const res = await postOrder(t, member, orderBody(change));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 400, msg: msg.badRequest });
    expect(json(res).errors).toContainEqual({ field, msg: message });
    expect(await ordersOf(member)).toEqual([]);
    expect(await stockOf(p.specIds[0]!)).toBe(4);
    expect(await cartOf(member)).toHaveLength(1);
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const member = await insertMember(t.db);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: await t.memberAuthorization(member), 'content-type': 'application/json' },
      payload: '{"payment_type":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).code).toBe(400);
    const array = await postOrder(t, member, [orderBody()]);
    expect(array.statusCode).toBe(400);
  });

  it('takes a 三聯 invoice with a unified business number of the 2023 rule, and a pickup store', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ onSalePrice: 300 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const store = await chooseStoreOnMap(t, member, 'UNIMART', '131386');
    const res = await postOrder(
      t,
      member,
      orderBody({
        payment_type: PaymentMethod.CashOnDelivery,
        delivery_method: 3,
        recv_address: '',
        store,
        // 7th digit 7 with the 2023 divisible-by-5 rule.
        receipt: { type: 2, tax_id: '10458575', title: '好日子有限公司' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      delivery_method: 3,
      recv_address: '',
      store: { chain: 'UNIMART', id: '131386', name: '忠孝敦化門市', address: '臺北市大安區忠孝東路四段181號' },
      receipt: { type: 2, tax_id: '10458575', title: '好日子有限公司' },
      shipping: 100,
      pay_amount: 400,
    });
  });

  it('charges the low-temperature fee for low-temperature delivery', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ onSalePrice: 300 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const res = await postOrder(t, member, orderBody({ delivery_method: 2 }));
    expect(json(res).data).toMatchObject({ shipping: 160, free_shipping: false, pay_amount: 460 });
  });

  it('answers 409 for an empty cart', async () => {
    const member = await insertMember(t.db);
    const res = await postOrder(t, member, orderBody());
    expect(res.statusCode).toBe(409);
    expect(json(res).msg).toBe(msg.emptyCart);
  });

  it('answers 409 naming an inactive or out-of-window line, and writes nothing at all', async () => {
    const member = await insertMember(t.db, { bonus: 500 });
    const fine = await insertProduct(t.db, { name: '東方美人茶' }, [{ stock: 10 }]);
    const hidden = await insertProduct(t.db, { name: '停售茶具組', status: Status.InActive });
    await insertCartLine(t.db, member, fine.id, fine.specIds[0]!, 2);
    await insertCartLine(t.db, member, hidden.id, hidden.specIds[0]!, 1);
    const res = await postOrder(t, member, orderBody({ use_bonus: 100 }));
    expect(res.statusCode).toBe(409);
    expect(json(res).msg).toBe(msg.productUnavailable('停售茶具組'));

    const later = await insertMember(t.db);
    const mooncake = await insertProduct(t.db, {
      name: '中秋月餅禮盒',
      activityStartTime: new Date('2026-08-01T00:00:00+08:00'),
    });
    await insertCartLine(t.db, later, mooncake.id, mooncake.specIds[0]!, 1);
    const early = await postOrder(t, later, orderBody());
    expect(early.statusCode).toBe(409);
    expect(json(early).msg).toBe(msg.productUnavailable('中秋月餅禮盒'));

    expect(await ordersOf(member)).toEqual([]);
    expect(await stockOf(fine.specIds[0]!)).toBe(10);
    expect(await bonusOf(member)).toBe(500);
    expect(await cartOf(member)).toHaveLength(2);
  });

  it('answers 409 naming the line when the stock is short, and rolls back the stock already taken', async () => {
    const member = await insertMember(t.db);
    const cups = await insertProduct(t.db, { name: '手工茶杯' }, [{ name: '白瓷', stock: 9 }]);
    const box = await insertPackage(t.db, { name: '限量茶禮', stock: 3 });
    await insertCartLine(t.db, member, cups.id, cups.specIds[0]!, 2);
    await insertPackageCartLine(t.db, member, box, 2);
    // Another buyer took stock after the member filled the cart.
    await t.db.update(productPackages).set({ stock: 1 }).where(eq(productPackages.id, box));
    const res = await postOrder(t, member, orderBody());
    expect(res.statusCode).toBe(409);
    expect(json(res).msg).toBe(msg.outOfStock('限量茶禮'));
    expect(await stockOf(cups.specIds[0]!)).toBe(9);
    expect(await ordersOf(member)).toEqual([]);

    const short = await insertMember(t.db);
    const spec = await insertProduct(t.db, { name: '限量禮盒' }, [{ name: '典藏款', stock: 3 }]);
    await insertCartLine(t.db, short, spec.id, spec.specIds[0]!, 3);
    await t.db.update(productSpecs).set({ stock: 2 }).where(eq(productSpecs.id, spec.specIds[0]!));
    const res2 = await postOrder(t, short, orderBody());
    expect(res2.statusCode).toBe(409);
    expect(json(res2).msg).toBe(msg.outOfStock('限量禮盒 典藏款'));
    expect(await stockOf(spec.specIds[0]!)).toBe(2);
  });

  it('leaves out a line whose product got specs after it was added (spec §4: such lines are dropped)', async () => {
    const member = await insertMember(t.db);
    const ok = await insertProduct(t.db, { name: '東方美人茶' }, [{ onSalePrice: 700 }]);
    const changed = await insertProduct(t.db, { name: '竹製茶盤' }, [{ name: '大', onSalePrice: 900 }]);
    await insertCartLine(t.db, member, ok.id, ok.specIds[0]!, 1);
    await insertCartLine(t.db, member, changed.id, null, 1);
    const res = await postOrder(t, member, orderBody());
    expect(res.statusCode).toBe(201);
    expect(json(res).data.product_info.map((l: { name: string }) => l.name)).toEqual(['東方美人茶']);
    expect(json(res).data.goods_amount).toBe(700);
  });

  it('leaves untracked stock (NULL) untouched', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ stock: null }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 7);
    expect((await postOrder(t, member, orderBody())).statusCode).toBe(201);
    expect(await stockOf(p.specIds[0]!)).toBeNull();
  });

  it('refuses cart quantities of 0, -1, 1.5 and 1e9 before they can reach an order', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db);
    for (const qty of [0, -1, 1.5, 1e9, '1e9', '2']) {
      const res = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
        products_id: p.id,
        spec_id: p.specIds[0],
        qty,
      });
      if (qty === '2') {
        expect(res.statusCode).toBe(201);
      } else {
        expect(res.statusCode, `qty ${qty}`).toBe(400);
        expect(json(res).errors).toContainEqual({ field: 'qty', msg: msg.qtyRange });
      }
    }
    // The order takes the cart's 2, whatever quantity the order body claims.
    const res = await postOrder(t, member, orderBody({ qty: 1e9, lines: [{ products_id: p.id, qty: -1 }] }));
    expect(json(res).data.product_info[0].qty).toBe(2);
    // The database itself refuses a bad quantity.
    await expect(
      t.db.insert(shoppingCarts).values({ memberId: member, productId: p.id, specId: p.specIds[0]!, qty: 0 }),
    ).rejects.toThrow();
  });

  describe('bonus points', () => {
    it('spends points atomically with a ledger entry; points never pay shipping', async () => {
      const member = await insertMember(t.db, { bonus: 800 });
      const p = await insertProduct(t.db, {}, [{ onSalePrice: 600 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const over = await postOrder(t, member, orderBody({ use_bonus: 601 }));
      expect(over.statusCode).toBe(400);
      expect(json(over).errors).toEqual([{ field: 'use_bonus', msg: msg.bonusOverLimit(600) }]);

      const res = await postOrder(t, member, orderBody({ use_bonus: 600 }));
      expect(res.statusCode).toBe(201);
      expect(json(res).data).toMatchObject({
        goods_amount: 600,
        use_bonus: 600,
        shipping: 100,
        pay_amount: 100,
        is_payment: false,
      });
      expect(await bonusOf(member)).toBe(200);
      const ledger = await t.db.select().from(bonusLedger).where(eq(bonusLedger.memberId, member));
      expect(ledger).toEqual([
        expect.objectContaining({
          delta: -600,
          balanceAfter: 200,
          orderId: json(res).data.id,
          reason: `訂單折抵 ${json(res).data.order_number}`,
        }),
      ]);
    });

    it('refuses more points than the balance', async () => {
      const member = await insertMember(t.db, { bonus: 50 });
      const p = await insertProduct(t.db);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const res = await postOrder(t, member, orderBody({ use_bonus: 51 }));
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual([{ field: 'use_bonus', msg: msg.bonusInsufficient }]);
      expect(await bonusOf(member)).toBe(50);
    });

    it('creates an order paid in full by points as paid', async () => {
      const member = await insertMember(t.db, { bonus: 2000 });
      const p = await insertProduct(t.db, {}, [{ onSalePrice: 1600 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const res = await postOrder(t, member, orderBody({ use_bonus: 1600, payment_type: PaymentMethod.Credit }));
      expect(json(res).data).toMatchObject({ pay_amount: 0, is_payment: true, paid_at: NOW.toISOString() });
      expect(json(res).data.actions.cancel).toBe('request');
    });
  });

  it('applies the influencer discount to their products and the first bundle, as priceOrder does', async () => {
    const member = await insertMember(t.db);
    const serum = await insertProduct(t.db, { name: '玻尿酸精華' }, [{ onSalePrice: 1000 }]);
    const lotion = await insertProduct(t.db, { name: '薰衣草身體乳' }, [{ onSalePrice: 500 }]);
    const soap = await insertProduct(t.db, { name: '手工皂' }, [{ onSalePrice: 200 }]);
    await insertInfluencer(t.db, 'TESTKOL', { type: DiscountKind.PercentOn, value: 90 }, [serum.id]);
    // 任選 2 件 8 折 on the lotion and the soap.
    const bundle = await insertBundle(
      t.db,
      { discountType: PromotionType.PercentDiscount, discountRule: JSON.stringify([{ amount: 2, value: 80 }]) },
      [lotion.id, soap.id],
    );
    await insertCartLine(t.db, member, serum.id, serum.specIds[0]!, 1);
    await insertCartLine(t.db, member, lotion.id, lotion.specIds[0]!, 1);
    await insertCartLine(t.db, member, soap.id, soap.specIds[0]!, 1);

    const preview = await t.asMember(member, 'POST', '/api/v1/orders-preview', { code: 'TESTKOL' });
    expect(preview.statusCode).toBe(200);
    const res = await postOrder(t, member, orderBody({ code: 'TESTKOL' }));
    expect(res.statusCode).toBe(201);
    const order = json(res).data;
    // goods 1,700; influencer 10 % of 1,000 = 100; bundle 20 % of 700 = 140; net 1,460 < 1,500 → shipping 100.
    expect(order).toMatchObject({
      goods_amount: 1700,
      celebrity_discount: 100,
      discount_amount: 140,
      shipping: 100,
      pay_amount: 1560,
      celebrity_code: 'TESTKOL',
      bundle_info: [{ id: bundle, discount_type: PromotionType.PercentDiscount, item_count: 2, discount: 140 }],
    });
    expect(order.product_info.find((l: { id: number }) => l.id === serum.id)).toMatchObject({
      on_sale_price: 1000,
      unit_price: 900,
    });
    expect(json(preview).data).toMatchObject({
      goods_amount: 1700,
      celebrity_discount: 100,
      discount_amount: 140,
      shipping: 100,
      pay_amount: 1560,
      celebrity: { code: 'TESTKOL' },
      problems: [],
    });
  });

  it('gives no discount for an unknown code, without refusing the order', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{ onSalePrice: 500 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
    const res = await postOrder(t, member, orderBody({ code: 'NOSUCHCODE' }));
    expect(json(res).data).toMatchObject({ celebrity_discount: 0, celebrity_code: null, pay_amount: 600 });
  });

  describe('Idempotency-Key', () => {
    it('answers the first order again for a repeated request, and makes one order', async () => {
      const member = await insertMember(t.db);
      const p = await insertProduct(t.db, {}, [{ stock: 5 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const key = { 'idempotency-key': '5b7e6c1e-8d3c-4b61-9f0e-0c4b0b2a9d11' };
      const first = await postOrder(t, member, orderBody(), key);
      // The same body with its keys in another order is the same request.
      const { recv_name, ...rest } = orderBody();
      const again = await postOrder(t, member, { ...rest, recv_name }, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(json(again).data.id).toBe(json(first).data.id);
      expect(await ordersOf(member)).toHaveLength(1);
      expect(await stockOf(p.specIds[0]!)).toBe(4);
    });

    it('answers 409 for the same key with another body', async () => {
      const member = await insertMember(t.db);
      const p = await insertProduct(t.db);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const key = { 'idempotency-key': 'checkout-1' };
      expect((await postOrder(t, member, orderBody(), key)).statusCode).toBe(201);
      const other = await postOrder(t, member, orderBody({ remark: '改地址' }), key);
      expect(other.statusCode).toBe(409);
      expect(json(other).msg).toBe(msg.idempotencyConflict);
    });

    it('does not keep the key of a refused request, so a retry after fixing the cart works', async () => {
      const member = await insertMember(t.db);
      const key = { 'idempotency-key': 'retry-after-409' };
      expect((await postOrder(t, member, orderBody(), key)).statusCode).toBe(409);
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.memberId, member))).toEqual([]);
      const p = await insertProduct(t.db);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      expect((await postOrder(t, member, orderBody(), key)).statusCode).toBe(201);
    });

    it('forgets a key a day after it was first seen: the sweep removes it and the key makes a new order', async () => {
      const member = await insertMember(t.db);
      const p = await insertProduct(t.db);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const key = { 'idempotency-key': 'swept-key' };
      const first = await postOrder(t, member, orderBody(), key);
      const keysOf = () => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.memberId, member));
      await sweepIdempotencyKeys(t.db, new Date(NOW.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS - 1000));
      expect(await keysOf()).toHaveLength(1);
      await sweepIdempotencyKeys(t.db, new Date(NOW.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS + 1000));
      expect(await keysOf()).toEqual([]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const later = await postOrder(t, member, orderBody(), key);
      expect(later.statusCode).toBe(201);
      expect(json(later).data.id).not.toBe(json(first).data.id);
    });

    it('keeps keys per member', async () => {
      const a = await insertMember(t.db);
      const b = await insertMember(t.db);
      const p = await insertProduct(t.db);
      await insertCartLine(t.db, a, p.id, p.specIds[0]!, 1);
      await insertCartLine(t.db, b, p.id, p.specIds[0]!, 1);
      const key = { 'idempotency-key': 'same-key' };
      const ra = await postOrder(t, a, orderBody(), key);
      const rb = await postOrder(t, b, orderBody(), key);
      expect(json(ra).data.members_id).toBe(a);
      expect(json(rb).data.members_id).toBe(b);
    });

    it('answers 400 for a malformed key', async () => {
      const member = await insertMember(t.db);
      const res = await postOrder(t, member, orderBody(), { 'idempotency-key': 'x'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual([{ field: 'Idempotency-Key', msg: orderMsg.idempotencyKeyFormat }]);
    });
  });

  it('needs a member token: 401 without one and on the guest path', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: orderBody() });
    expect(anonymous.statusCode).toBe(401);
    const guest = await t.guest('POST', '/api/v1/orders', orderBody());
    expect(guest.statusCode).toBe(401);
  });
});

describe('POST /orders-preview', () => {
  it('lists the lines that cannot be ordered and leaves them out of the amounts', async () => {
    const member = await insertMember(t.db, { bonus: 100 });
    const ok = await insertProduct(t.db, { name: '竹炭除濕包' }, [{ onSalePrice: 400 }]);
    const gone = await insertProduct(t.db, { name: '絕版茶壺', status: Status.InActive }, [{ onSalePrice: 999 }]);
    const line = await insertCartLine(t.db, member, ok.id, ok.specIds[0]!, 2);
    const bad = await insertCartLine(t.db, member, gone.id, gone.specIds[0]!, 1);
    const res = await t.asMember(member, 'POST', '/api/v1/orders-preview', { delivery_method: 2, use_bonus: 150 });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      product_lines: [{ cart_id: line.id, products_id: ok.id, unit_price: 400, qty: 2, line_total: 800 }],
      goods_amount: 800,
      shipping: 160,
      bonus_balance: 100,
      bonus_error: msg.bonusInsufficient,
      use_bonus: 100,
      pay_amount: 860,
      problems: [
        {
          cart_id: bad.id,
          kind: 'product',
          name: '絕版茶壺 規格1',
          problem: 'unavailable',
          msg: msg.productUnavailable('絕版茶壺'),
        },
      ],
    });
    // Nothing was written.
    expect(await ordersOf(member)).toEqual([]);
    expect(await bonusOf(member)).toBe(100);
  });

  it('validates its body', async () => {
    const member = await insertMember(t.db);
    const res = await t.asMember(member, 'POST', '/api/v1/orders-preview', { delivery_method: 'x', use_bonus: -5 });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(
      expect.arrayContaining([
        { field: 'delivery_method', msg: msg.deliveryMethodChoose },
        { field: 'use_bonus', msg: msg.bonusNotInteger },
      ]),
    );
  });
});

describe("reading a member's orders", () => {
  let member: number;
  let other: number;
  let otherOrder: number;
  const numbers: string[] = [];

  beforeAll(async () => {
    member = await insertMember(t.db);
    other = await insertMember(t.db);
    // Seven orders on seven days: 2026-05-25 … 2026-05-31 (Taipei noon).
    for (let day = 25; day <= 31; day++) {
      const order = await insertShopOrder(t.db, member, { createdAt: new Date(`2026-05-${day}T12:00:00+08:00`) });
      numbers.push(order.orderNumber);
    }
    otherOrder = (await insertShopOrder(t.db, other)).id;
  });

  it('pages GET /orders-by-members-id/{id} 5 at a time, newest first, with X-Total-Count', async () => {
    const first = await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${member}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(json(first).data.map((o: { order_number: string }) => o.order_number)).toEqual(numbers.slice(2).reverse());
    const second = await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${member}?page=2`);
    expect(json(second).data.map((o: { order_number: string }) => o.order_number)).toEqual(
      numbers.slice(0, 2).reverse(),
    );
    const big = await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${member}?size=20`);
    expect(json(big).data).toHaveLength(7);
    expect(json(big).data[0]).toMatchObject({
      members_id: member,
      masked: false,
      receipt: { type: 2, tax_id: '53212539' },
    });
  });

  it("answers 403 for another member's id, 400 for bad paging, 401 without a token", async () => {
    expect((await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${other}`)).statusCode).toBe(403);
    for (const q of ['page=0', 'page=x', 'size=101', 'size=-1']) {
      expect((await t.asMember(member, 'GET', `/api/v1/orders-by-members-id/${member}?${q}`)).statusCode, q).toBe(400);
    }
    expect((await t.asMember(member, 'GET', '/api/v1/orders-by-members-id/abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders-by-members-id/${member}` })).statusCode).toBe(401);
    expect((await t.guest('GET', `/api/v1/orders-by-members-id/${member}`)).statusCode).toBe(401);
  });

  it('filters by Taipei calendar days, both ends included', async () => {
    const res = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id/${member}/start/2026-05-27/end/2026-05-29`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(json(res).data.map((o: { order_number: string }) => o.order_number)).toEqual(numbers.slice(2, 5).reverse());
    const oneDay = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id/${member}/start/2026-05-31/end/2026-05-31`,
    );
    expect(json(oneDay).data).toHaveLength(1);
  });

  it('answers 400 for a bad date or a start after the end, 403 for another member', async () => {
    const bad = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id/${member}/start/2026-02-30/end/2026-03-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toContainEqual({ field: 'start', msg: orderMsg.dateFormat });
    const reversed = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id/${member}/start/2026-05-29/end/2026-05-27`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(json(reversed).errors).toContainEqual({ field: 'end', msg: orderMsg.dateRangeOrder });
    const foreign = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id/${other}/start/2026-05-01/end/2026-05-31`,
    );
    expect(foreign.statusCode).toBe(403);
  });

  it('finds one order by member and order number', async () => {
    const res = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id-and-order-number/member/${member}/number/${numbers[3]}`,
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ order_number: numbers[3], members_id: member });
    const foreign = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id-and-order-number/member/${other}/number/${numbers[3]}`,
    );
    expect(foreign.statusCode).toBe(403);
    const missing = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id-and-order-number/member/${member}/number/NOPE123`,
    );
    expect(missing.statusCode).toBe(404);
    expect(json(missing).msg).toBe(orderMsg.orderNotFound);
    const bad = await t.asMember(
      member,
      'GET',
      `/api/v1/orders-by-members-id-and-order-number/member/${member}/number/bad-number`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it("GET /orders/{id}: the own order, 403 for another member's, 404 for none", async () => {
    const [mine] = await ordersOf(member);
    expect((await t.asMember(member, 'GET', `/api/v1/orders/${mine!.id}`)).statusCode).toBe(200);
    expect((await t.asMember(member, 'GET', `/api/v1/orders/${otherOrder}`)).statusCode).toBe(403);
    expect((await t.asMember(member, 'GET', '/api/v1/orders/999999')).statusCode).toBe(404);
    expect((await t.asMember(member, 'GET', '/api/v1/orders/1.5')).statusCode).toBe(400);
  });

  it('reads malformed stored lines as empty lists (spec §8)', async () => {
    const broken = await insertShopOrder(t.db, member, {
      productInfo: '{not json',
      bundleInfo: 'null',
      receipt: '[1]',
      storeInfo: 'oops',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const res = await t.asMember(member, 'GET', `/api/v1/orders/${broken.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      product_info: [],
      package_info: [],
      bundle_info: [],
      receipt: {},
      store: null,
    });
  });
});

describe('PUT /orders/{id}/cancel', () => {
  it('cancels an unpaid Processing order and gives back its stock and points', async () => {
    const member = await insertMember(t.db, { bonus: 300 });
    const p = await insertProduct(t.db, {}, [{ onSalePrice: 800, stock: 5 }]);
    await insertCartLine(t.db, member, p.id, p.specIds[0]!, 2);
    const placed = json(await postOrder(t, member, orderBody({ use_bonus: 300 }))).data;
    expect(await stockOf(p.specIds[0]!)).toBe(3);
    expect(await bonusOf(member)).toBe(0);

    const res = await t.asMember(member, 'PUT', `/api/v1/orders/${placed.id}/cancel`, { id: placed.id });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: placed.id,
      status: OrderStatus.Cancel,
      actions: { cancel: null, notify_transfer: false },
    });
    expect(await stockOf(p.specIds[0]!)).toBe(5);
    expect(await bonusOf(member)).toBe(300);
    const again = await t.asMember(member, 'PUT', `/api/v1/orders/${placed.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(json(again).msg).toBe(msg.cancelNotAllowed);
    // Given back once only.
    expect(await stockOf(p.specIds[0]!)).toBe(5);
  });

  it('refuses paid, shipped and already requested orders (409), other members (403), a mismatched id (400)', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const paid = await insertShopOrder(t.db, member, { isPayment: true, paidAt: NOW });
    const shipped = await insertShopOrder(t.db, member, {
      paymentType: PaymentMethod.CashOnDelivery,
      isShipping: true,
      shipDate: NOW,
    });
    const requested = await insertShopOrder(t.db, member);
    await t.db.insert(orderCancelRecords).values({
      orderId: requested.id,
      memberId: member,
      orderNumber: requested.orderNumber,
      contactPhone: '0912345678',
      reason: '不要了',
      status: CancelStatus.Canceled,
    });
    for (const order of [paid, shipped, requested]) {
      const res = await t.asMember(member, 'PUT', `/api/v1/orders/${order.id}/cancel`);
      expect(res.statusCode).toBe(409);
    }
    const mine = await insertShopOrder(t.db, member);
    expect((await t.asMember(other, 'PUT', `/api/v1/orders/${mine.id}/cancel`)).statusCode).toBe(403);
    const mismatch = await t.asMember(member, 'PUT', `/api/v1/orders/${mine.id}/cancel`, { id: mine.id + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).errors).toEqual([{ field: 'id', msg: orderMsg.idMismatch }]);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, mine.id));
    expect(still!.status).toBe(OrderStatus.Processing);
  });
});

describe('PUT /orders/{id}/last-number-of-transfer', () => {
  it('stores the last five digits once on an unpaid bank-transfer order', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member);
    const url = `/api/v1/orders/${order.id}/last-number-of-transfer`;
    const res = await t.asMember(member, 'PUT', url, {
      id: order.id,
      members_id: member,
      last_number_of_transfer: '01234',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ last_number_of_transfer: '01234', actions: { notify_transfer: false } });
    const again = await t.asMember(member, 'PUT', url, { last_number_of_transfer: '99999' });
    expect(again.statusCode).toBe(409);
    expect(json(again).msg).toBe(msg.transferNotAllowed);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.lastNumberOfTransfer).toBe('01234');
  });

  it.each([
    ['', msg.required],
    ['1234', msg.transferLength],
    ['123456', msg.transferLength],
    ['12a45', msg.transferLength],
  ])('answers 400 for %j', async (digits, message) => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member);
    const res = await t.asMember(member, 'PUT', `/api/v1/orders/${order.id}/last-number-of-transfer`, {
      last_number_of_transfer: digits,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toContainEqual({ field: 'last_number_of_transfer', msg: message });
  });

  it('refuses other payment types and paid orders (409), other members (403)', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const card = await insertShopOrder(t.db, member, { paymentType: PaymentMethod.Credit });
    const paid = await insertShopOrder(t.db, member, { isPayment: true });
    for (const order of [card, paid]) {
      const res = await t.asMember(member, 'PUT', `/api/v1/orders/${order.id}/last-number-of-transfer`, {
        last_number_of_transfer: '12345',
      });
      expect(res.statusCode).toBe(409);
    }
    const mine = await insertShopOrder(t.db, member);
    const url = `/api/v1/orders/${mine.id}/last-number-of-transfer`;
    expect((await t.asMember(other, 'PUT', url, { last_number_of_transfer: '12345' })).statusCode).toBe(403);
    expect(
      (await t.asMember(member, 'PUT', url, { members_id: other, last_number_of_transfer: '12345' })).statusCode,
    ).toBe(403);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, mine.id)));
    expect(row!.lastNumberOfTransfer).toBeNull();
  });
});
