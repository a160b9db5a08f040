CREATE TABLE "upload_blobs" (
	"name" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_blobs_size_matches" CHECK ("upload_blobs"."size" = octet_length("upload_blobs"."bytes")),
	CONSTRAINT "upload_blobs_size_limit" CHECK ("upload_blobs"."size" <= 16777216)
);
