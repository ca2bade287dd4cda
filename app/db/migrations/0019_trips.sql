CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"customer_number" text NOT NULL,
	"customer_id" uuid,
	"device_id" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"propulsion_types" jsonb NOT NULL,
	"vehicle_class" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"start_location" jsonb,
	"end_location" jsonb,
	"distance_meters" integer,
	"tariff_id" text,
	"price_cents" integer,
	"breakdown" jsonb,
	"charged_cents" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_trip_id_unique" UNIQUE("trip_id")
);
--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_customer_start_idx" ON "trips" USING btree ("customer_id","start_time");--> statement-breakpoint
CREATE INDEX "trips_unknown_received_idx" ON "trips" USING btree ("received_at") WHERE "trips"."customer_id" is null;