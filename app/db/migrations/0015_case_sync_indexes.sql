CREATE INDEX "bike_reports_created_idx" ON "bike_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cancellations_received_idx" ON "cancellations" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "cases_kind_occurred_idx" ON "cases" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "customers_deletion_requested_idx" ON "customers" USING btree ("deletion_requested_at") WHERE "customers"."deletion_requested_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("failed_at") WHERE "outbox"."failed_at" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_failed_idx" ON "sms_outbox" USING btree ("failed_at") WHERE "sms_outbox"."failed_at" is not null;