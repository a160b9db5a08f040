// Money, points and stock under concurrent requests (issue 6 item 8). These need real parallel
// transactions: PostgreSQL with a connection pool. PGlite is one connection, so its requests run one
// after the other and could not show a race: the file is skipped there.
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { msg } from '@shop/domain';
import { bonusLedger, memberBonus, orders, productSpecs, shoppingCarts } from '../../db/schema/index.ts';
import {
  insertCartLine,
  insertMember,
  insertProduct,
  orderBody,
  postOrder,
  useOrderTestApp,
} from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'concurrent orders on PostgreSQL (skipped on PGlite: a single connection cannot overlap transactions)',
  () => {
    const t = useOrderTestApp();

    it('50 parallel orders for the 3 units of 「限量禮盒」 make exactly 3 orders', async () => {
      const box = await insertProduct(t.db, { name: '限量禮盒' }, [
        { name: '典藏款', price: 2880, onSalePrice: 2480, stock: 3 },
      ]);
      const buyers: number[] = [];
      for (let i = 0; i < 50; i++) {
        const member = await insertMember(t.db);
        await insertCartLine(t.db, member, box.id, box.specIds[0]!, 1);
        buyers.push(member);
      }
      const replies = await Promise.all(buyers.map((member) => postOrder(t, member, orderBody())));

      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(47);
      for (const refused of replies.filter((r) => r.statusCode === 409)) {
        expect(refused.json().msg).toBe(msg.outOfStock('限量禮盒 典藏款'));
      }
      const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, box.specIds[0]!));
      expect(spec!.stock).toBe(0);
      const made = await t.db.select().from(orders).where(inArray(orders.memberId, buyers));
      expect(made).toHaveLength(3);
      // The 47 who missed out keep their cart line; the 3 buyers' carts are empty.
      const carts = await t.db.select().from(shoppingCarts).where(inArray(shoppingCarts.memberId, buyers));
      expect(carts).toHaveLength(47);
      expect(new Set(made.map((o) => o.memberId))).toEqual(
        new Set(buyers.filter((b) => !carts.some((c) => c.memberId === b))),
      );
    });

    it('orders and back-office deductions spending the same points never take the balance below zero', async () => {
      const member = await insertMember(t.db, { bonus: 500 });
      const p = await insertProduct(t.db, {}, [{ onSalePrice: 900 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const spend = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? postOrder(t, member, orderBody({ use_bonus: 300 }))
          : t.asStaff('staff', 'POST', `/api/v1/admin/members/${member}/bonus-adjustments`, {
              delta: -300,
              reason: '測試扣點',
            }),
      );
      const replies = await Promise.all(spend);
      // Each request either spent its 300 points or was refused; nothing failed on the server.
      for (const r of replies) expect([200, 201, 400, 409]).toContain(r.statusCode);

      const [balance] = await t.db.select().from(memberBonus).where(eq(memberBonus.memberId, member));
      const ledger = await t.db.select().from(bonusLedger).where(eq(bonusLedger.memberId, member));
      const spent = ledger.reduce((sum, row) => sum - row.delta, 0);
      expect(balance!.bonus).toBeGreaterThanOrEqual(0);
      expect(balance!.bonus).toBe(500 - spent);
      expect(spent).toBe(300);
      expect(ledger.every((row) => row.balanceAfter >= 0)).toBe(true);
      const made = await t.db.select().from(orders).where(eq(orders.memberId, member));
      expect(made.length).toBeLessThanOrEqual(1);
      expect(made.reduce((sum, o) => sum + o.useBonus, 0)).toBe(
        ledger.filter((l) => l.orderId !== null).reduce((s, l) => s - l.delta, 0),
      );
    });

    it('parallel orders of one member spend the points once: one order, the others find the cart empty', async () => {
      const member = await insertMember(t.db, { bonus: 200 });
      const p = await insertProduct(t.db, {}, [{ onSalePrice: 700, stock: 10 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 2);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => postOrder(t, member, orderBody({ use_bonus: 200 }))),
      );
      expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of replies.filter((r) => r.statusCode !== 201)) {
        expect(r.statusCode).toBe(409);
        expect(r.json().msg).toBe(msg.emptyCart);
      }
      const [balance] = await t.db.select().from(memberBonus).where(eq(memberBonus.memberId, member));
      expect(balance!.bonus).toBe(0);
      const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, p.specIds[0]!));
      expect(spec!.stock).toBe(8);
    });

    it('one Idempotency-Key sent 10 times at once makes one order, answered to all ten', async () => {
      const member = await insertMember(t.db);
      const p = await insertProduct(t.db, {}, [{ stock: 5 }]);
      await insertCartLine(t.db, member, p.id, p.specIds[0]!, 1);
      const key = { 'idempotency-key': 'f2d7a1c4-5e8b-4d3a-9c6f-1b2e3d4c5a6f' };
      const replies = await Promise.all(Array.from({ length: 10 }, () => postOrder(t, member, orderBody(), key)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const ids = new Set(replies.map((r) => r.json().data.id));
      expect(ids.size).toBe(1);
      expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toHaveLength(1);
      const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, p.specIds[0]!));
      expect(spec!.stock).toBe(4);
    });
  },
);
