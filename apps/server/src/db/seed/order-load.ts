// seedOrderLoad: N orders for the sales report's benchmark (npm run seed -- --orders N), spread over
// the last 180 days with the mixes a shop sees: paid and shipped, cancelled before paying, cancelled
// after paying and refunded, returned with part of the money back. Written by a few INSERT ... SELECT
// over generate_series (100,000 orders in seconds), then the report's daily sums are rebuilt from them.
import { sql } from 'drizzle-orm';
import { rebuildSalesSummary } from '../../modules/orders/index.ts';
import type { Db } from '../client.ts';
import { orders } from '../schema/index.ts';

const DAYS = 180;
const CANCEL_REASONS = ['買錯了', '重複下單', '想改付款方式', '等太久了', '找到更便宜的'];
const RETURN_REASONS = ['商品瑕疵', '包裝破損', '與描述不符', '寄錯商品', '不喜歡'];

const ANALYZED = [
  'orders',
  'order_cancel_records',
  'order_return_records',
  'order_events',
  'sales_daily',
  'sales_daily_products',
  'sales_member_days',
];

const textArray = (items: string[]) =>
  sql`ARRAY[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/**
 * The orders, one row per i: kind = i % 20 says its fate (0–2 cancelled unpaid, 3 refunded after a
 * cancellation, 4 returned with half refunded, the rest paid and shipped); products are drawn with a
 * skew so that some sell far more than others.
 */
function insertOrders(total: number, now: Date, base: number) {
  return sql`
    WITH specs AS (
      SELECT array_agg(jsonb_build_object('id', p.id, 'name', p.name, 'product_specs_name', s.name,
                       'spec_id', s.id, 'on_sale_price', s.on_sale_price, 'unit_price', s.on_sale_price)
                       ORDER BY s.id) AS arr
      FROM (SELECT * FROM product_specs ORDER BY id LIMIT 400) s JOIN products p ON p.id = s.product_id
    ),
    buyers AS (SELECT array_agg(id ORDER BY id) AS ids FROM members),
    g AS (
      SELECT i, i % 20 AS kind,
             -- Refunded and returned orders are older: their money went back days after they were paid.
             ${now}::timestamptz - ((i::bigint * 7919) % (${DAYS} * 86400)) * interval '1 second'
               - CASE WHEN i % 20 IN (3, 4) THEN interval '10 days' ELSE interval '0 days' END AS created_at,
             1 + ((i * 31) % cardinality(arr)) * ((i * 17) % cardinality(arr)) / cardinality(arr) AS a,
             1 + (i * 13) % cardinality(arr) AS b,
             1 + i % 3 AS qty, arr, ids
      FROM generate_series(1, ${total}) i, specs, buyers
    ),
    o AS (
      SELECT g.*,
             CASE (i / 20) % 10 WHEN 0 THEN 2 WHEN 1 THEN 2 WHEN 2 THEN 2 WHEN 3 THEN 2 WHEN 4 THEN 3 WHEN 5 THEN 3
                         WHEN 6 THEN 1 WHEN 7 THEN 5 WHEN 8 THEN 6 ELSE 7 END AS payment_type,
             CASE WHEN (i / 20) % 10 = 8 THEN 1 ELSE (ARRAY[1, 1, 3, 2])[1 + (i / 7) % 4] END AS delivery_method,
             CASE WHEN i % 5 = 0 THEN NULL ELSE ids[1 + i % greatest(cardinality(ids), 1)] END AS member_id,
             jsonb_build_array(arr[a] || jsonb_build_object('qty', qty))
               || CASE WHEN i % 4 = 0 THEN jsonb_build_array(arr[b] || jsonb_build_object('qty', 1)) ELSE '[]'::jsonb END
               AS info,
             (arr[a]->>'on_sale_price')::int * qty
               + CASE WHEN i % 4 = 0 THEN (arr[b]->>'on_sale_price')::int ELSE 0 END AS goods,
             least(${now}::timestamptz, created_at + (i % 180) * interval '1 minute') AS paid
      FROM g
    )
    INSERT INTO orders (order_number, member_id, member_cellphone, payment_type, delivery_method, is_payment,
                        paid_at, is_shipping, ship_date, status, goods_amount, shipping, pay_amount, recv_name,
                        recv_cellphone, recv_address, product_info, refunded_at, is_return, completed_at,
                        created_at, updated_at)
    SELECT 'L' || lpad((${base} + i)::text, 12, '0'), member_id, '0900000000', payment_type, delivery_method,
           kind > 2, CASE WHEN kind > 2 THEN paid END,
           kind > 3, CASE WHEN kind > 3 THEN least(${now}::timestamptz, paid + interval '1 day') END,
           CASE WHEN kind <= 3 THEN 3 ELSE 1 END,
           goods, CASE WHEN goods >= 1000 THEN 0 ELSE 100 END, goods + CASE WHEN goods >= 1000 THEN 0 ELSE 100 END,
           '壓測顧客', '0900000000', '台北市中正區重慶南路一段122號', info::text,
           CASE WHEN kind = 3 THEN least(${now}::timestamptz, paid + interval '1 day') END,
           kind = 4,
           -- Closed already: the completion job has nothing to do with them while the bench measures.
           CASE WHEN kind > 3 THEN least(${now}::timestamptz, paid + interval '8 days') END,
           created_at, created_at
    FROM o`;
}

/** Adds `orders` orders and their cancel and return records; answers how many were inserted. */
export async function seedOrderLoad(db: Db, options: { orders: number; now?: Date }): Promise<number> {
  const total = Math.max(0, Math.floor(options.orders));
  if (total === 0) return 0;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const [last] = await tx.select({ id: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders);
    const base = last?.id ?? 0;
    await tx.execute(insertOrders(total, now, base));
    await tx.execute(sql`
      INSERT INTO order_cancel_records (order_id, member_id, order_number, contact_phone, reason, status, created_at, handled_at)
      SELECT id, member_id, order_number, recv_cellphone, (${textArray(CANCEL_REASONS)})[1 + (id / 7) % 5], 3,
             paid_at + interval '1 hour', refunded_at
      FROM orders WHERE id > ${base} AND refunded_at IS NOT NULL`);
    await tx.execute(sql`
      INSERT INTO order_return_records (order_id, member_id, order_number, contact_person, contact_phone, spec, reason,
                                        status, refund_amount, created_at, handled_at)
      SELECT id, member_id, order_number, recv_name, recv_cellphone, '全部商品', (${textArray(RETURN_REASONS)})[1 + (id / 7) % 5],
             4, pay_amount / 2, least(${now}::timestamptz, ship_date + interval '3 days'),
             least(${now}::timestamptz, ship_date + interval '5 days')
      FROM orders WHERE id > ${base} AND is_return`);
    // The refund moves the daily sums read (sales-summary-rebuild.ts), with the day of each.
    await tx.execute(sql`
      INSERT INTO order_events (order_id, event, from_state, to_state, actor, reason, created_at)
      SELECT o.id, 'refund', CASE WHEN r.id IS NULL THEN 'cancelled' ELSE 'returned' END, 'refunded', 'staff',
             '壓測資料', coalesce(o.refunded_at, r.handled_at)
      FROM orders o LEFT JOIN order_return_records r ON r.order_id = o.id
      WHERE o.id > ${base} AND (o.refunded_at IS NOT NULL OR o.is_return)`);
    await rebuildSalesSummary(tx);
  });
  // Fresh statistics, so the planner reads the new rows through their indexes at once.
  for (const table of ANALYZED) await db.execute(sql.raw(`ANALYZE ${table}`));
  return total;
}
