ALTER TABLE "orders" ADD COLUMN "refund_due" varchar(20);--> statement-breakpoint
CREATE INDEX "idx_orders_refund_due" ON "orders" USING btree ("refund_due") WHERE "orders"."refund_due" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_due_known" CHECK ("orders"."refund_due" IS NULL OR "orders"."refund_due" IN ('paid_after_cancel', 'paid_twice'));