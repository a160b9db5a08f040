// The daily sums computed again from the orders themselves (issue 42, docs/decisions/084): the same
// definitions as sales-summary.ts, in one pass of SQL. The migration that created the sums filled them
// this way; tests compare the kept sums with it, and the seed calls it after writing orders in bulk.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from './orders.repository.ts';
import { countSalesChange } from './sales-change-count.ts';

/** A Taiwan calendar day of a timestamptz, without relying on the server's time-zone database. */
const taipeiDay = (column: string) => sql.raw(`((${column} AT TIME ZONE 'UTC') + interval '8 hours')::date`);

/** The sums rebuilt from orders: what paid orders paid, refunds on their day, lines and buying members. */
export const REBUILD = [
  sql`DELETE FROM sales_daily`,
  sql`DELETE FROM sales_daily_products`,
  sql`DELETE FROM sales_member_days`,
  sql`INSERT INTO sales_daily (day, payment_type, delivery_method, orders, paid)
      SELECT ${taipeiDay('o.paid_at')}, o.payment_type, o.delivery_method, count(*), sum(o.pay_amount)
      FROM orders o WHERE o.is_payment AND o.paid_at IS NOT NULL
      GROUP BY 1, 2, 3`,
  // A refund recorded by hand states its amount and day; the others give back the cancelled order's
  // payment, or the returned order's decided amount, on the day of the refund move.
  sql`INSERT INTO sales_daily AS s (day, payment_type, delivery_method, refund_count, refunded)
      SELECT coalesce(${taipeiDay('t.created_at')}, ${taipeiDay('e.created_at')}), o.payment_type, o.delivery_method,
             count(*),
             sum(coalesce(t.amount, CASE WHEN e.from_state = 'cancelled' THEN o.pay_amount
                                         ELSE coalesce(r.refund_amount, 0) END))
      FROM order_events e
      JOIN orders o ON o.id = e.order_id AND o.is_payment
      LEFT JOIN order_return_records r ON r.order_id = o.id
      LEFT JOIN LATERAL (
        SELECT p.amount, p.created_at FROM payment_transactions p
        WHERE p.order_id = o.id AND p.provider = 'manual' AND p.kind = 'refund' AND p.status = 'succeeded'
        ORDER BY p.id DESC LIMIT 1
      ) t ON true
      WHERE e.event = 'refund'
      GROUP BY 1, 2, 3
      ON CONFLICT (day, payment_type, delivery_method) DO UPDATE
        SET refund_count = s.refund_count + excluded.refund_count, refunded = s.refunded + excluded.refunded`,
  sql`INSERT INTO sales_daily_products (day, product_id, spec_id, name, spec_name, units, revenue)
      SELECT day, product_id, spec_id,
             (array_agg(name ORDER BY paid_at DESC))[1], (array_agg(spec_name ORDER BY paid_at DESC))[1],
             sum(qty), sum(unit_price * qty)
      FROM (
        SELECT ${taipeiDay('o.paid_at')} AS day, o.paid_at,
               (l->>'id')::int AS product_id, coalesce(nullif(l->>'spec_id', '')::int, 0) AS spec_id,
               coalesce(nullif(l->>'name', ''), l->'product_snapshot'->>'name', '') AS name,
               coalesce(nullif(l->>'product_specs_name', ''), l->'product_snapshot'->>'product_specs_name', '') AS spec_name,
               (l->>'qty')::int AS qty,
               coalesce((l->>'unit_price')::int, (l->>'on_sale_price')::int,
                        (l->'product_snapshot'->>'on_sale_price')::int, 0) AS unit_price
        FROM orders o, jsonb_array_elements(o.product_info::jsonb) l
        WHERE o.is_payment AND o.paid_at IS NOT NULL
      ) lines
      WHERE product_id > 0 AND qty > 0
      GROUP BY day, product_id, spec_id`,
  sql`INSERT INTO sales_member_days (day, member_id)
      SELECT DISTINCT ${taipeiDay('o.paid_at')}, o.member_id FROM orders o
      WHERE o.is_payment AND o.paid_at IS NOT NULL AND o.member_id IS NOT NULL`,
];

/** Replaces the kept sums with sums computed from the orders, in one transaction. */
export async function rebuildSalesSummary(db: Db | Tx): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of REBUILD) await tx.execute(statement);
    await countSalesChange(tx);
  });
}
