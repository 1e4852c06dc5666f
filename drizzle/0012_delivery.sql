CREATE TABLE "delivery_options" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"areas" text DEFAULT '' NOT NULL,
	"delivery_time" text DEFAULT '' NOT NULL,
	"directions" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"free_from_cents" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_kind_known" CHECK ("delivery_options"."kind" in ('zone', 'pick-up')),
	CONSTRAINT "delivery_options_name_present" CHECK (length(trim("delivery_options"."name")) > 0),
	CONSTRAINT "delivery_options_fee_not_negative" CHECK ("delivery_options"."fee_cents" >= 0),
	CONSTRAINT "delivery_options_free_from_above_zero" CHECK ("delivery_options"."free_from_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_within_total" CHECK ("orders"."delivery_fee_cents" >= 0 and "orders"."delivery_fee_cents" <= "orders"."total_cents");