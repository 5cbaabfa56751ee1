-- Marking a batch item done as a HOT update (decision 008, "Batch bookkeeping"): the monthly run marks
-- 100,000 items. The partial "open" index had the key of the unique (step, business_date, item_id) index
-- and a predicate on the status, so every status change wrote a new tuple and entries in every index; the
-- runner now claims on the unique index from a cursor. Free room on each page (fillfactor 50) lets the
-- done row stay on its page: the update then writes no index entry.
DROP INDEX "batch_step_runs_open_idx";--> statement-breakpoint
ALTER TABLE "batch_step_runs" SET (fillfactor = 50);
