ALTER TABLE "system_settings" ADD COLUMN "atm_expire_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "downline_percent_1" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "downline_percent_2" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_levels" ADD COLUMN "bonus_rate" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idx_orders_awaiting_completion" ON "orders" USING btree ("ship_date") WHERE "orders"."is_shipping" = true AND "orders"."completed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_atm_expire_days_range" CHECK ("system_settings"."atm_expire_days" BETWEEN 1 AND 60);--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_downline_percent_range" CHECK ("system_settings"."downline_percent_1" BETWEEN 0 AND 20 AND "system_settings"."downline_percent_2" BETWEEN 0 AND 20);--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_bonus_rate_range" CHECK ("member_levels"."bonus_rate" BETWEEN 0 AND 20);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bonus_earned_non_negative" CHECK ("orders"."bonus_earned" >= 0);--> statement-breakpoint
-- Orders paid before points were earned (issue 21) are settled as they are: no upline is paid for them afterwards.
UPDATE "orders" SET "bonus_credited_at" = now() WHERE "is_payment" = true;
