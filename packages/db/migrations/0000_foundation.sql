CREATE TYPE "public"."account_role" AS ENUM('ADULT', 'CORPORATION', 'CHILD', 'JUNIOR_NISA');--> statement-breakpoint
CREATE TYPE "public"."equity_status" AS ENUM('OPEN', 'CLOSE', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."update_account_request_kind" AS ENUM('ADDRESS', 'NAME', 'CONTACT', 'SUITABILITY');--> statement-breakpoint
CREATE TYPE "public"."update_account_request_status" AS ENUM('PENDING', 'COMPLETED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."information_category" AS ENUM('important', 'others');--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" varchar(7) NOT NULL,
	"branch_code" varchar(3) NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name_kana" text NOT NULL,
	"first_name_kana" text NOT NULL,
	"account_role" "account_role" NOT NULL,
	"equity_status" "equity_status" NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"last_confirmed_on" date,
	"birth_date" date,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "customers_account_number_format" CHECK ("customers"."account_number" ~ '^[0-9]{7}$'),
	CONSTRAINT "customers_branch_code_format" CHECK ("customers"."branch_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "customers_birth_date_required" CHECK ("customers"."account_role" = 'CORPORATION' OR "customers"."birth_date" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "update_account_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "update_account_request_kind" NOT NULL,
	"status" "update_account_request_status" DEFAULT 'PENDING' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_account_requests_resolved_when_not_pending" CHECK (("update_account_requests"."status" = 'PENDING') = ("update_account_requests"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "information_reads" (
	"customer_id" uuid NOT NULL,
	"information_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "information_reads_customer_id_information_id_pk" PRIMARY KEY("customer_id","information_id")
);
--> statement-breakpoint
CREATE TABLE "informations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"category" "information_category" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_account_requests" ADD CONSTRAINT "update_account_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_reads" ADD CONSTRAINT "information_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_reads" ADD CONSTRAINT "information_reads_information_id_informations_id_fk" FOREIGN KEY ("information_id") REFERENCES "public"."informations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "informations" ADD CONSTRAINT "informations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_account_requests_pending_idx" ON "update_account_requests" USING btree ("customer_id") WHERE "update_account_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "information_reads_information_id_idx" ON "information_reads" USING btree ("information_id");--> statement-breakpoint
CREATE INDEX "informations_customer_id_published_at_idx" ON "informations" USING btree ("customer_id","published_at");