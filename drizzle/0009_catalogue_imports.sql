CREATE TABLE "catalogue_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_email" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'previewed' NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rows_with_problems" integer DEFAULT 0 NOT NULL,
	"new_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"drafts" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_format_known" CHECK ("catalogue_imports"."format" in ('duka', 'shopify', 'woocommerce')),
	CONSTRAINT "catalogue_imports_state_known" CHECK ("catalogue_imports"."state" in ('previewed', 'importing images', 'writing', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "imported_images" (
	"source_url" text PRIMARY KEY NOT NULL,
	"upload_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_imports_created" ON "catalogue_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_imports_one_running" ON "catalogue_imports" USING btree ((true)) WHERE "catalogue_imports"."state" in ('importing images', 'writing');