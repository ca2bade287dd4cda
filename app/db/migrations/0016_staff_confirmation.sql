ALTER TABLE "staff_accounts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
-- Accounts that existed before the confirmation rule (docs/decisions/0053) were working accounts: they keep working.
UPDATE "staff_accounts" SET "confirmed_at" = "created_at";
