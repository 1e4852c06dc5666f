CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"price_cents" bigint,
	"compare_at_cents" bigint,
	"sku" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_not_negative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_compare_at_not_negative" CHECK ("product_variants"."compare_at_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_cents" bigint;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination" ON "product_variants" USING btree ("product_id","size","color");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_at_not_negative" CHECK ("products"."compare_at_cents" >= 0);