CREATE TABLE "store_map_tickets" (
	"trade_no" varchar(20) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"sub_type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone,
	"store_chain" varchar(8) DEFAULT '' NOT NULL,
	"store_id" varchar(10) DEFAULT '' NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"store_address" text DEFAULT '' NOT NULL,
	"store_outside" boolean DEFAULT false NOT NULL,
	CONSTRAINT "store_map_tickets_replied_has_store" CHECK ("store_map_tickets"."replied_at" IS NULL OR "store_map_tickets"."store_id" <> '')
);
--> statement-breakpoint
ALTER TABLE "store_map_tickets" ADD CONSTRAINT "store_map_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_store_map_tickets_member_id" ON "store_map_tickets" USING btree ("member_id","created_at");