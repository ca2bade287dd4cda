ALTER TABLE "staff_accounts" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
-- Accounts enrolled before the confirmation rule (docs/decisions/0053) were working accounts: they keep working. An
-- open link (no password yet) is enrolled and confirmed under the rule. Milliseconds, as the app writes them.
UPDATE "staff_accounts" SET "enrolled_at" = date_trunc('milliseconds', "created_at"), "confirmed_at" = date_trunc('milliseconds', "created_at")
  WHERE "password_hash" IS NOT NULL;
