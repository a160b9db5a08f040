DROP INDEX "idx_products_name_trgm";--> statement-breakpoint
DROP INDEX "idx_products_description1_trgm";--> statement-breakpoint
DROP INDEX "idx_products_description2_trgm";--> statement-breakpoint
DROP INDEX "idx_product_packages_name_trgm";--> statement-breakpoint
DROP INDEX "idx_product_packages_description1_trgm";--> statement-breakpoint
DROP INDEX "idx_product_packages_description2_trgm";--> statement-breakpoint
CREATE INDEX "idx_products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_products_description1_trgm" ON "products" USING gin ("description1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_products_description2_trgm" ON "products" USING gin ("description2" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_product_packages_name_trgm" ON "product_packages" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_product_packages_description1_trgm" ON "product_packages" USING gin ("description1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_product_packages_description2_trgm" ON "product_packages" USING gin ("description2" gin_trgm_ops) WITH (fastupdate=false);