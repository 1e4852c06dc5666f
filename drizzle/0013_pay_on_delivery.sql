ALTER TABLE "delivery_options" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_options" ADD COLUMN "pay_on_delivery_up_to_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;