CREATE TABLE "customer_totals" (
	"phone_digits" text PRIMARY KEY NOT NULL,
	"latest_name" text DEFAULT '' NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_totals_by_spent" ON "customer_totals" USING btree ("spent_cents" DESC NULLS LAST,"last_order_at" DESC NULLS LAST,"phone_digits");--> statement-breakpoint
CREATE INDEX "customer_totals_by_last_order" ON "customer_totals" USING btree ("last_order_at" DESC NULLS LAST,"phone_digits");--> statement-breakpoint
CREATE INDEX "customer_totals_name_trgm" ON "customer_totals" USING gin (lower("latest_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_totals_phone_trgm" ON "customer_totals" USING gin ("phone_digits" gin_trgm_ops);