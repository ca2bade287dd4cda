DROP INDEX "money_requests_customer_idx";--> statement-breakpoint
ALTER TABLE "money_requests" ADD COLUMN "form_token" text;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD COLUMN "state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD COLUMN "decided_by_staff_id" text;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD COLUMN "form_token" text;--> statement-breakpoint
CREATE INDEX "money_requests_customer_idx" ON "money_requests" USING btree ("customer_id","requested_at");--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_form_token_unique" UNIQUE("form_token");--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_form_token_unique" UNIQUE("form_token");