CREATE TYPE "public"."audit_actor_type" AS ENUM('customer', 'operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."audit_outcome" AS ENUM('allowed', 'refused');--> statement-breakpoint
CREATE TYPE "public"."nisa_request_kind" AS ENUM('OPEN', 'CHANGE_INSTITUTION', 'CLOSE');--> statement-breakpoint
CREATE TYPE "public"."nisa_request_status" AS ENUM('PENDING', 'COMPLETED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."delivered_document_kind" AS ENUM('TRADE_REPORT', 'BALANCE_REPORT', 'ANNUAL_SPECIFIC_ACCOUNT_REPORT');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" "audit_actor_type" NOT NULL,
	"actor_id" text NOT NULL,
	"subject_customer_id" uuid,
	"action" text NOT NULL,
	"outcome" "audit_outcome" NOT NULL,
	"request_id" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nisa_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "nisa_request_kind" NOT NULL,
	"status" "nisa_request_status" DEFAULT 'PENDING' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nisa_requests_resolved_when_not_pending" CHECK (("nisa_requests"."status" = 'PENDING') = ("nisa_requests"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "delivered_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "delivered_document_kind" NOT NULL,
	"title" text NOT NULL,
	"issued_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "identity_migrated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nisa_requests" ADD CONSTRAINT "nisa_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_documents" ADD CONSTRAINT "delivered_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_customer_id_occurred_at_idx" ON "audit_log" USING btree ("subject_customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_occurred_at_idx" ON "audit_log" USING btree ("actor_type","actor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "nisa_requests_pending_idx" ON "nisa_requests" USING btree ("customer_id") WHERE "nisa_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "delivered_documents_customer_id_issued_on_idx" ON "delivered_documents" USING btree ("customer_id","issued_on");--> statement-breakpoint
-- security.md 28: the audit log is append-only for every role the application connects as
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
