CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"email_subject" text DEFAULT '' NOT NULL,
	"email_text" text DEFAULT '' NOT NULL,
	"sms_text" text DEFAULT '' NOT NULL,
	"email_recipients" integer DEFAULT 0 NOT NULL,
	"sms_recipients" integer DEFAULT 0 NOT NULL,
	"sent_by" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
CREATE INDEX "campaigns_sent_at" ON "campaigns" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_campaign" ON "notifications" USING btree ("campaign_id","state");