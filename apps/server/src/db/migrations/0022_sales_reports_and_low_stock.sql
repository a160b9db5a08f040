CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"payment_type" smallint NOT NULL,
	"delivery_method" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pk_sales_daily" PRIMARY KEY("day","payment_type","delivery_method"),
	CONSTRAINT "sales_daily_non_negative" CHECK ("sales_daily"."orders" >= 0 AND "sales_daily"."paid" >= 0 AND "sales_daily"."refund_count" >= 0 AND "sales_daily"."refunded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"name" text NOT NULL,
	"spec_name" text DEFAULT '' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pk_sales_daily_products" PRIMARY KEY("day","product_id","spec_id"),
	CONSTRAINT "sales_daily_products_non_negative" CHECK ("sales_daily_products"."units" >= 0 AND "sales_daily_products"."revenue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_member_days" (
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "pk_sales_member_days" PRIMARY KEY("day","member_id")
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "low_stock_level" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_specs" ADD COLUMN "low_stock_level" integer;--> statement-breakpoint
CREATE INDEX "idx_sales_member_days_member_id" ON "sales_member_days" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "idx_members_created_at" ON "members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idx_order_cancel_records_created_at" ON "order_cancel_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idx_order_return_records_created_at" ON "order_return_records" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_low_stock_level_non_negative" CHECK ("system_settings"."low_stock_level" >= 0);--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_low_stock_level_non_negative" CHECK ("product_specs"."low_stock_level" IS NULL OR "product_specs"."low_stock_level" >= 0);--> statement-breakpoint
-- The sales sums of the orders already taken (issue 42): the same SQL as rebuildSalesSummary.
INSERT INTO sales_daily (day, payment_type, delivery_method, orders, paid)
  SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '8 hours')::date, o.payment_type, o.delivery_method, count(*), sum(o.pay_amount)
  FROM orders o WHERE o.is_payment AND o.paid_at IS NOT NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_daily AS s (day, payment_type, delivery_method, refund_count, refunded)
  SELECT coalesce(((t.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, ((e.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date), o.payment_type, o.delivery_method,
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
  SET refund_count = s.refund_count + excluded.refund_count, refunded = s.refunded + excluded.refunded;
--> statement-breakpoint
INSERT INTO sales_daily_products (day, product_id, spec_id, name, spec_name, units, revenue)
  SELECT day, product_id, spec_id,
  (array_agg(name ORDER BY paid_at DESC))[1], (array_agg(spec_name ORDER BY paid_at DESC))[1],
  sum(qty), sum(unit_price * qty)
  FROM (
  SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, o.paid_at,
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
  GROUP BY day, product_id, spec_id;
--> statement-breakpoint
INSERT INTO sales_member_days (day, member_id)
  SELECT DISTINCT ((o.paid_at AT TIME ZONE 'UTC') + interval '8 hours')::date, o.member_id FROM orders o
  WHERE o.is_payment AND o.paid_at IS NOT NULL AND o.member_id IS NOT NULL;
