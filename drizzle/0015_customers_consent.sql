CREATE TABLE "consent_events" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_digits" text NOT NULL,
	"agreed" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"staff_email" text,
	CONSTRAINT "consent_events_source_known" CHECK ("consent_events"."source" in ('checkout', 'staff', 'sms-reply', 'opt-out-link')),
	CONSTRAINT "consent_events_phone_digits" CHECK ("consent_events"."phone_digits" ~ '^[0-9]+$')
);
--> statement-breakpoint
ALTER TABLE "site_documents" DROP CONSTRAINT "site_documents_key_known";--> statement-breakpoint
CREATE INDEX "consent_events_phone_at" ON "consent_events" USING btree ("phone_digits","at");--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_key_known" CHECK ("site_documents"."key" in ('settings', 'contactInfo', 'faqs', 'ourStory', 'notification', 'messageTemplates', 'privacy'));