CREATE TABLE "driving_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issuing_country" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"state" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" text,
	"decision_reference" text,
	"decided_at" timestamp with time zone,
	"verifier_asked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "driving_licences" ADD CONSTRAINT "driving_licences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driving_licences_one_current" ON "driving_licences" USING btree ("customer_id") WHERE "driving_licences"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "driving_licences_pending_idx" ON "driving_licences" USING btree ("submitted_at") WHERE "driving_licences"."state" = 'pending' and "driving_licences"."superseded_at" is null;