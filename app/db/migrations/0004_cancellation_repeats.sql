ALTER TABLE "cancellations" ADD COLUMN "end_date_adjusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellations" ADD COLUMN "submission_fingerprint" text;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_submission_fingerprint_unique" UNIQUE("submission_fingerprint");