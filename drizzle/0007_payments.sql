CREATE TABLE "payment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"phone_masked" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"result_code" integer,
	"result_desc" text,
	"receipt" text,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"query_after" timestamp with time zone,
	"queries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_requests_state_known" CHECK ("payment_requests"."state" in ('sending', 'not sent', 'waiting', 'paid', 'failed', 'receipt pending'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"receipt" text NOT NULL,
	"order_id" text,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"phone_masked" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"problem" text,
	"settled_by" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_state_known" CHECK ("payments"."state" in ('applied', 'unmatched', 'dismissed')),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_code" text GENERATED ALWAYS AS (upper(substr(id, 1, 10))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_checkout_request_id" ON "payment_requests" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE INDEX "payment_requests_order" ON "payment_requests" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_requests_to_query" ON "payment_requests" USING btree ("query_after") WHERE "payment_requests"."state" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt" ON "payments" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_unmatched" ON "payments" USING btree ("paid_at") WHERE "payments"."state" = 'unmatched';--> statement-breakpoint
CREATE INDEX "orders_order_code" ON "orders" USING btree ("order_code");