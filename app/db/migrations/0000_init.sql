CREATE TABLE "redirects" (
	"source" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"permanent" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"base_fee_cents" integer NOT NULL,
	"base_fee_period" text NOT NULL,
	"ride_price_cents" integer DEFAULT 0 NOT NULL,
	"ride_block_minutes" integer DEFAULT 30 NOT NULL,
	"free_minutes" integer DEFAULT 0 NOT NULL,
	"daily_cap_cents" integer,
	"term" text NOT NULL,
	"first_term_months" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_classes" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"hour_cents" integer NOT NULL,
	"km_cents" integer NOT NULL,
	"daily_cap_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
