ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type_known";--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "apple_pay_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "twqr_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_known" CHECK ("orders"."payment_type" BETWEEN 1 AND 10);