ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type_known";--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cvs_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cvs_expire_minutes" integer DEFAULT 10080 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_code" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_code_expire_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_cvs_expire_minutes_range" CHECK ("system_settings"."cvs_expire_minutes" BETWEEN 1 AND 43200);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_known" CHECK ("orders"."payment_type" BETWEEN 1 AND 7);