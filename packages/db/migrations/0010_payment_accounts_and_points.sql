CREATE TYPE "public"."bank_account_type" AS ENUM('ORDINARY', 'CURRENT', 'SAVINGS');--> statement-breakpoint
CREATE TYPE "public"."linked_card_state" AS ENUM('ACTIVE', 'RE_REGISTRATION_REQUIRED', 'NOT_POINTS_CARD', 'EXPIRED');--> statement-breakpoint
ALTER TYPE "public"."point_movement_kind" ADD VALUE 'GRANTED' BEFORE 'USED';--> statement-breakpoint
CREATE TABLE "account_transfer_accounts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"account_type" "bank_account_type" NOT NULL,
	"account_number" text NOT NULL,
	"holder_name_kana" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transfer_accounts_bank_code" CHECK ("account_transfer_accounts"."bank_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "account_transfer_accounts_branch_code" CHECK ("account_transfer_accounts"."branch_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "account_transfer_accounts_number" CHECK ("account_transfer_accounts"."account_number" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
CREATE TABLE "linked_cards" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"issuer_subject" text NOT NULL,
	"card_name" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"state" "linked_card_state" NOT NULL,
	"points_earning" boolean NOT NULL,
	"linked_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linked_cards_last4" CHECK ("linked_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "linked_cards_expiry" CHECK ("linked_cards"."expiry" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "linked_cards_points_earning_matches_state" CHECK (("linked_cards"."state" = 'NOT_POINTS_CARD') = (NOT "linked_cards"."points_earning"))
);
--> statement-breakpoint
CREATE TABLE "pending_card_links" (
	"onetime_token" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temporary_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guardian_customer_id" uuid NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name_kana" text NOT NULL,
	"first_name_kana" text NOT NULL,
	"birth_date" date NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_used_with_order";--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "recurring_debit_id" uuid;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "account_transfer_accounts" ADD CONSTRAINT "account_transfer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_cards" ADD CONSTRAINT "linked_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_card_links" ADD CONSTRAINT "pending_card_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_users" ADD CONSTRAINT "temporary_users_guardian_customer_id_customers_id_fk" FOREIGN KEY ("guardian_customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_recurring_debit_id_recurring_debits_id_fk" FOREIGN KEY ("recurring_debit_id") REFERENCES "public"."recurring_debits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_recurring_debit_id_unique" ON "points_ledger" USING btree ("recurring_debit_id");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_granted_with_note" CHECK ("points_ledger"."kind"::text <> 'GRANTED' OR "points_ledger"."note" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_used_with_order" CHECK ("points_ledger"."kind"::text IN ('EARNED', 'GRANTED') OR "points_ledger"."order_id" IS NOT NULL);