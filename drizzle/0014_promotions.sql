CREATE TABLE "order_discounts" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"promotion_id" text,
	"label" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "order_discounts_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_discounts_amount_positive" CHECK ("order_discounts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"applies_to" text DEFAULT 'everything' NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_phone" integer,
	"combines_with_automatic" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_known" CHECK ("promotions"."kind" in ('percent', 'amount', 'free-delivery')),
	CONSTRAINT "promotions_applies_to_known" CHECK ("promotions"."applies_to" in ('everything', 'categories', 'products')),
	CONSTRAINT "promotions_code_or_name" CHECK ("promotions"."code" is not null or length(trim("promotions"."name")) > 0),
	CONSTRAINT "promotions_code_capitals" CHECK ("promotions"."code" ~ '^[A-Z0-9]{3,30}$'),
	CONSTRAINT "promotions_value_fits_kind" CHECK (("promotions"."kind" = 'percent' and "promotions"."value" between 1 and 100) or ("promotions"."kind" = 'amount' and "promotions"."value" > 0) or ("promotions"."kind" = 'free-delivery' and "promotions"."value" = 0)),
	CONSTRAINT "promotions_min_subtotal_not_negative" CHECK ("promotions"."min_subtotal_cents" >= 0),
	CONSTRAINT "promotions_uses_positive" CHECK ("promotions"."total_uses" > 0 and "promotions"."uses_per_phone" > 0),
	CONSTRAINT "promotions_ends_after_start" CHECK ("promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_delivery_fee_within_total";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_promotion" ON "order_discounts" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_not_negative" CHECK ("orders"."delivery_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_not_negative" CHECK ("orders"."discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_within_total" CHECK ("orders"."delivery_fee_cents" <= "orders"."total_cents" + "orders"."discount_cents");