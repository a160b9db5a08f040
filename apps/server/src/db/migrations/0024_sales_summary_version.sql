CREATE TABLE "sales_summary_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_summary_version_one_row" CHECK ("sales_summary_version"."id" = 1)
);
