ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type_known";--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cvs_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cvs_expire_minutes" integer DEFAULT 10080 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "barcode_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "barcode_expire_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "installment_counts" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "installment_min_amount" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_code" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_code_expire_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "installments" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_barcode_1" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_barcode_2" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_barcode_3" varchar(20);--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_cvs_expire_minutes_range" CHECK ("system_settings"."cvs_expire_minutes" BETWEEN 1 AND 43200);--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_barcode_expire_days_range" CHECK ("system_settings"."barcode_expire_days" BETWEEN 1 AND 30);--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_installment_min_amount_non_negative" CHECK ("system_settings"."installment_min_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_installments_known" CHECK ("orders"."installments" IS NULL OR ("orders"."payment_type" = 2 AND "orders"."installments" IN (3, 6, 12, 18, 24, 30)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_known" CHECK ("orders"."payment_type" BETWEEN 1 AND 8);