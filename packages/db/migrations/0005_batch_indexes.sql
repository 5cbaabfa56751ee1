DROP INDEX "batch_step_runs_open_idx";--> statement-breakpoint
CREATE INDEX "orders_recurring_debit_id_idx" ON "orders" USING btree ("recurring_debit_id") WHERE "orders"."recurring_debit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "batch_step_runs_open_idx" ON "batch_step_runs" USING btree ("step","business_date","item_id") WHERE "batch_step_runs"."status" <> 'SUCCEEDED';