CREATE TABLE "bike_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"bike_number" text NOT NULL,
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
	CONSTRAINT "bike_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "bike_reports" ADD CONSTRAINT "bike_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_reports_customer_idx" ON "bike_reports" USING btree ("customer_id");