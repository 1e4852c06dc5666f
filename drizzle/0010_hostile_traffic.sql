ALTER TABLE "payments" DROP CONSTRAINT "payments_state_known";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "counted_on" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "query_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "queries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "awaiting_second_step" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "two_step_secret" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "two_step_pending_secret" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "two_step_last_step" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "two_step_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_counted_on" ON "notifications" USING btree ("counted_on") WHERE "notifications"."counted_on" is not null;--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_network" ON "orders" USING btree ("client_network") WHERE "orders"."status" = 'Pending Payment' and "orders"."payment_status" = 'Unpaid' and "orders"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "payments_to_confirm" ON "payments" USING btree ("query_after") WHERE "payments"."state" = 'confirming';--> statement-breakpoint
CREATE INDEX "payments_conversation" ON "payments" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_id" ON "staff_sessions" USING btree ("id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_known" CHECK ("payments"."state" in ('confirming', 'applied', 'unmatched', 'dismissed'));