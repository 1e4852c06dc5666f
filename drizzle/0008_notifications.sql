CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'unconfirmed' NOT NULL,
	"token" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_state_known" CHECK ("newsletter_subscribers"."state" in ('unconfirmed', 'confirmed', 'unsubscribed')),
	CONSTRAINT "newsletter_subscribers_email_lower" CHECK ("newsletter_subscribers"."email" = lower("newsletter_subscribers"."email"))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"order_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_channel_known" CHECK ("notifications"."channel" in ('sms', 'email')),
	CONSTRAINT "notifications_state_known" CHECK ("notifications"."state" in ('pending', 'sent', 'failed', 'not sent'))
);
--> statement-breakpoint
ALTER TABLE "site_documents" DROP CONSTRAINT "site_documents_key_known";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key" ON "notifications" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notifications_due" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_log" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_order" ON "notifications" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_key_known" CHECK ("site_documents"."key" in ('settings', 'contactInfo', 'faqs', 'ourStory', 'notification', 'messageTemplates'));