CREATE TABLE "delivered_document_reads" (
	"customer_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivered_document_reads_customer_id_document_id_pk" PRIMARY KEY("customer_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "delivered_document_reads" ADD CONSTRAINT "delivered_document_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_document_reads" ADD CONSTRAINT "delivered_document_reads_document_id_delivered_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."delivered_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivered_document_reads_document_id_idx" ON "delivered_document_reads" USING btree ("document_id");