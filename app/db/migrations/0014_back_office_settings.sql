CREATE TABLE "back_office_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"money_request_above_cents" integer,
	"voucher_batch_above_cents" integer,
	"self_approved_per_staff_cents" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_staff_id" uuid NOT NULL,
	CONSTRAINT "back_office_settings_one_row" CHECK ("back_office_settings"."id" = 1)
);
