CREATE TABLE "damage_report_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damage_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"licence_plate" text NOT NULL,
	"damage_kind" text NOT NULL,
	"damage_position" text NOT NULL,
	"location_text" text,
	"location_lat" double precision NOT NULL,
	"location_lon" double precision NOT NULL,
	"location_source" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"description" text,
	"contact_email" text,
	"contact_phone" text,
	"customer_id" uuid,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "damage_report_photos" ADD CONSTRAINT "damage_report_photos_report_id_damage_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."damage_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damage_report_photos_report_position_idx" ON "damage_report_photos" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "damage_report_photos_created_idx" ON "damage_report_photos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "damage_reports_customer_idx" ON "damage_reports" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "damage_reports_created_idx" ON "damage_reports" USING btree ("created_at");