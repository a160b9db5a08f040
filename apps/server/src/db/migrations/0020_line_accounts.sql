CREATE TABLE "line_followers" (
	"line_user_id" varchar(64) PRIMARY KEY NOT NULL,
	"following" boolean NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_login_spent_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_webhook_events" (
	"webhook_event_id" varchar(64) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_line_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"line_user_id" varchar(64) NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"order_messages_by" varchar(8) DEFAULT 'line' NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_member_line_accounts_line_user_id" UNIQUE("line_user_id"),
	CONSTRAINT "member_line_accounts_channel_known" CHECK ("member_line_accounts"."order_messages_by" IN ('line', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "order_messages" DROP CONSTRAINT "order_messages_channel_known";--> statement-breakpoint
ALTER TABLE "member_line_accounts" ADD CONSTRAINT "member_line_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_line_login_spent_states_expires_at" ON "line_login_spent_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idx_line_webhook_events_received_at" ON "line_webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_channel_known" CHECK ("order_messages"."channel" IN ('sms', 'email', 'line'));