import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviewMsg } from '@shop/domain';
import { productReviewTotals, uploads } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/test-app.ts';
import { insertMember, insertProduct, insertShopOrder } from '../orders/order-fixtures.ts';

const NOW = new Date('2026-06-10T04:00:00Z');
const t = useTestApp({ now: () => NOW });

/** An order of `memberId` holding these products; received (delivered) unless told otherwise. */
async function orderOf(memberId: number, productIds: number[], received = true) {
  const lines = productIds.map((id) => ({ id, spec_id: null, name: `商品${id}`, on_sale_price: 500, qty: 1 }));
  return insertShopOrder(t.db, memberId, {
    productInfo: JSON.stringify(lines),
    isShipping: true,
    shipDate: new Date('2026-06-03T01:00:00Z'),
    ...(received ? { deliveryState: 'delivered', receivedAt: new Date('2026-06-05T01:00:00Z') } : {}),
  });
}

async function uploaded(memberId: number, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `members/2026/06/review-${memberId}-${i}-${Date.now()}.webp`);
  await t.db
    .insert(uploads)
    .values(names.map((name) => ({ name, mime: 'image/webp', size: 1, ownerMemberId: memberId })));
  return names;
}

const review = (orderId: number, extra: Record<string, unknown> = {}) => ({
  orders_id: orderId,
  rating: 5,
  content: '茶香濃郁，回甘明顯',
  pic: [],
  ...extra,
});

describe('POST /products/{id}/reviews', () => {
  it('takes one review per product of a received order, masked name, photos kept; the page shows it with the average', async () => {
    const member = await insertMember(t.db, { name: '王小明' });
    const product = await insertProduct(t.db);
    const order = await orderOf(member, [product.id]);
    const pics = await uploaded(member, 2);
    const res = await t.asMember(
      member,
      'POST',
      `/api/v1/products/${product.id}/reviews`,
      review(order.id, { pic: pics }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      products_id: product.id,
      name: '王*明',
      rating: 5,
      pic: pics,
      reply: null,
    });

    const again = await t.asMember(
      member,
      'POST',
      `/api/v1/products/${product.id}/reviews`,
      review(order.id, { rating: 1 }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(reviewMsg.alreadyReviewed);

    const page = await t.guest('GET', `/api/v1/products/${product.id}/reviews`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ code: 200, average: 5, count: 1 });
    expect(page.json().data).toHaveLength(1);

    // A photo a review shows is kept: its uploader cannot delete it.
    const del = await t.asMember(member, 'POST', '/api/v1/file-delete', { name: pics[0] });
    expect(del.statusCode).toBe(409);
  });

  it('refuses without a received order of that product, and another member\u2019s order', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const product = await insertProduct(t.db);
    const elsewhere = await insertProduct(t.db);
    const onTheWay = await orderOf(member, [product.id], false);
    const otherProduct = await orderOf(member, [elsewhere.id]);
    const othersOrder = await orderOf(other, [product.id]);
    for (const orderId of [onTheWay.id, otherProduct.id, othersOrder.id]) {
      const res = await t.asMember(member, 'POST', `/api/v1/products/${product.id}/reviews`, review(orderId));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(reviewMsg.notReceived);
    }
    const guest = await t.guest('POST', `/api/v1/products/${product.id}/reviews`, review(onTheWay.id));
    expect(guest.statusCode).toBe(401);
  });

  it('takes plain text only, 1–5 stars, at most 500 characters and 3 of the member\u2019s own photos', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const product = await insertProduct(t.db);
    const order = await orderOf(member, [product.id]);
    const url = `/api/v1/products/${product.id}/reviews`;
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { content: '好'.repeat(501) },
      { pic: await uploaded(member, 4) },
      { pic: await uploaded(other, 1) },
      { members_id: other },
    ]) {
      const res = await t.asMember(member, 'POST', url, review(order.id, bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const res = await t.asMember(
      member,
      'POST',
      url,
      review(order.id, { rating: 4, content: '<script>alert(1)</script><b>很好喝</b>\n\n\n\n再買' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe('alert(1)很好喝\n\n再買');
  });

  it('answers 404 for a product that does not exist', async () => {
    const member = await insertMember(t.db);
    const order = await orderOf(member, [999_999]);
    const res = await t.asMember(member, 'POST', '/api/v1/products/999999/reviews', review(order.id));
    expect(res.statusCode).toBe(404);
    expect((await t.guest('GET', '/api/v1/products/999999/reviews')).statusCode).toBe(404);
  });
});

describe('GET /orders/{id}/review-lines', () => {
  it('lists a received order\u2019s products, each reviewed or not; nothing for an order not received or not one\u2019s own', async () => {
    const member = await insertMember(t.db);
    const a = await insertProduct(t.db);
    const b = await insertProduct(t.db);
    const order = await orderOf(member, [a.id, b.id, a.id]);
    await t.asMember(member, 'POST', `/api/v1/products/${a.id}/reviews`, review(order.id));
    const res = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/review-lines`);
    expect(res.json().data).toEqual([
      { products_id: a.id, name: `商品${a.id}`, reviewed: true },
      { products_id: b.id, name: `商品${b.id}`, reviewed: false },
    ]);
    const stranger = await insertMember(t.db);
    expect((await t.asMember(stranger, 'GET', `/api/v1/orders/${order.id}/review-lines`)).json().data).toEqual([]);
  });
});

describe('PATCH /admin/reviews/{id}', () => {
  it('hides a review (out of the page and the average) and shows it again; replies; members cannot', async () => {
    const product = await insertProduct(t.db);
    const ids: number[] = [];
    for (const rating of [5, 2]) {
      const member = await insertMember(t.db);
      const order = await orderOf(member, [product.id]);
      const res = await t.asMember(
        member,
        'POST',
        `/api/v1/products/${product.id}/reviews`,
        review(order.id, { rating }),
      );
      ids.push(res.json().data.id);
    }
    const page = async () => (await t.guest('GET', `/api/v1/products/${product.id}/reviews?page=1&size=10`)).json();
    expect(await page()).toMatchObject({ average: 3.5, count: 2 });

    const hide = await t.asStaff('staff', 'PATCH', `/api/v1/admin/reviews/${ids[1]}`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().data).toMatchObject({ hidden: true, product_name: expect.any(String) });
    expect(await page()).toMatchObject({ average: 5, count: 1 });
    expect((await page()).data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    // Hiding twice moves nothing.
    await t.asStaff('staff', 'PATCH', `/api/v1/admin/reviews/${ids[1]}`, { hidden: true });
    const [totals] = await t.db.select().from(productReviewTotals).where(eq(productReviewTotals.productId, product.id));
    expect(totals).toMatchObject({ reviewCount: 1, ratingSum: 5 });

    await t.asStaff('staff', 'PATCH', `/api/v1/admin/reviews/${ids[1]}`, { hidden: false });
    const reply = await t.asStaff('owner', 'PATCH', `/api/v1/admin/reviews/${ids[0]}`, {
      reply: '<i>謝謝</i>您的支持！',
    });
    expect(reply.json().data).toMatchObject({ reply: '謝謝您的支持！', replied_at: NOW.toISOString() });
    expect(await page()).toMatchObject({ average: 3.5, count: 2 });
    expect((await page()).data.find((r: { id: number }) => r.id === ids[0]).reply).toBe('謝謝您的支持！');

    expect((await t.asStaff('staff', 'PATCH', `/api/v1/admin/reviews/${ids[0]}`, {})).statusCode).toBe(400);
    expect((await t.asStaff('staff', 'PATCH', '/api/v1/admin/reviews/999999', { hidden: true })).statusCode).toBe(404);
    const member = await insertMember(t.db);
    expect((await t.asMember(member, 'PATCH', `/api/v1/admin/reviews/${ids[0]}`, { hidden: true })).statusCode).toBe(
      401,
    );

    const list = await t.asStaff('staff', 'GET', `/api/v1/admin/reviews?state=unreplied&products_id=${product.id}`);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect(list.headers['x-total-count']).toBe('1');
  });
});

describe('rate limit', () => {
  it('answers 429 after 10 reviews in 10 minutes from one member', async () => {
    const member = await insertMember(t.db);
    const products = await Promise.all(Array.from({ length: 11 }, () => insertProduct(t.db)));
    const order = await orderOf(
      member,
      products.map((p) => p.id),
    );
    const codes: number[] = [];
    for (const p of products) {
      codes.push((await t.asMember(member, 'POST', `/api/v1/products/${p.id}/reviews`, review(order.id))).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('/api/docs', () => {
  it('lists the reviews and wishlist paths with their schemas', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, object> };
    for (const path of [
      '/api/v1/products/{id}/reviews',
      '/api/v1/admin/reviews/{id}',
      '/api/v1/members/{id}/wishlist',
      '/api/v1/members/{id}/wishlist/{productId}',
    ]) {
      expect(Object.keys(docs.paths), path).toContain(path);
    }
    expect(docs.paths['/api/v1/products/{id}/reviews']).toHaveProperty('post.requestBody');
  });
});
