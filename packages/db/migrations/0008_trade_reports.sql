-- 取引報告書 for real trades (issue 13, point 7): a document keeps its body as issued, and a trade report
-- names the order it reports on, one per order. The demo seed used to insert fixed documents (ids
-- d0c00000-…) naming trades that never happened and without a body: they go, so a database seeded before
-- lists only documents that exist; settlements issue the trade reports from now on.
DELETE FROM "delivered_documents" WHERE "id" IN (
  'd0c00000-0000-4000-8000-000000000001', 'd0c00000-0000-4000-8000-000000000002',
  'd0c00000-0000-4000-8000-000000000003', 'd0c00000-0000-4000-8000-000000000004',
  'd0c00000-0000-4000-8000-000000000005', 'd0c00000-0000-4000-8000-000000000006',
  'd0c00000-0000-4000-8000-000000000007'
);--> statement-breakpoint
ALTER TABLE "delivered_documents" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "delivered_documents" ADD COLUMN "body" text NOT NULL;--> statement-breakpoint
ALTER TABLE "delivered_documents" ADD CONSTRAINT "delivered_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivered_documents_trade_report_order_id_idx" ON "delivered_documents" USING btree ("order_id") WHERE "delivered_documents"."kind" = 'TRADE_REPORT';