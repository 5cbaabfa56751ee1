CREATE TYPE "public"."distribution_course" AS ENUM('RECEIVE', 'REINVEST');--> statement-breakpoint
ALTER TYPE "public"."delivered_document_kind" ADD VALUE 'DISTRIBUTION_NOTICE';--> statement-breakpoint
ALTER TYPE "public"."delivered_document_kind" ADD VALUE 'REDEMPTION_NOTICE';--> statement-breakpoint
CREATE TABLE "distribution_courses" (
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"fund_id" uuid NOT NULL,
	"course" "distribution_course" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_courses_customer_id_account_type_fund_id_pk" PRIMARY KEY("customer_id","account_type","fund_id")
);
--> statement-breakpoint
CREATE TABLE "distribution_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"fund_id" uuid NOT NULL,
	"settlement_date" date NOT NULL,
	"payment_date" date NOT NULL,
	"course" "distribution_course" NOT NULL,
	"units" bigint NOT NULL,
	"per_10k" bigint NOT NULL,
	"ex_nav" bigint NOT NULL,
	"basis_before_per_10k" bigint NOT NULL,
	"basis_after_per_10k" bigint NOT NULL,
	"ordinary" bigint NOT NULL,
	"principal_repayment" bigint NOT NULL,
	"income_tax" bigint NOT NULL,
	"resident_tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"reinvested_amount" bigint NOT NULL,
	"reinvested_units" bigint NOT NULL,
	"reinvested_account_type" "account_type",
	"cash_paid" bigint NOT NULL,
	"journal_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_payments_once_per_settlement" UNIQUE("customer_id","account_type","fund_id","settlement_date"),
	CONSTRAINT "distribution_payments_figures_add_up" CHECK ("distribution_payments"."net" = "distribution_payments"."ordinary" + "distribution_payments"."principal_repayment" - "distribution_payments"."income_tax" - "distribution_payments"."resident_tax"
        AND "distribution_payments"."net" = "distribution_payments"."cash_paid" + "distribution_payments"."reinvested_amount"),
	CONSTRAINT "distribution_payments_not_negative" CHECK ("distribution_payments"."units" > 0 AND "distribution_payments"."ordinary" >= 0 AND "distribution_payments"."principal_repayment" >= 0
        AND "distribution_payments"."income_tax" >= 0 AND "distribution_payments"."resident_tax" >= 0 AND "distribution_payments"."cash_paid" >= 0
        AND "distribution_payments"."reinvested_amount" >= 0 AND "distribution_payments"."reinvested_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_distributions" (
	"fund_id" uuid NOT NULL,
	"settlement_date" date NOT NULL,
	"per_10k" bigint NOT NULL,
	"payment_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_distributions_fund_id_settlement_date_pk" PRIMARY KEY("fund_id","settlement_date"),
	CONSTRAINT "fund_distributions_per_10k_positive" CHECK ("fund_distributions"."per_10k" > 0),
	CONSTRAINT "fund_distributions_paid_after_settlement" CHECK ("fund_distributions"."payment_date" > "fund_distributions"."settlement_date")
);
--> statement-breakpoint
CREATE TABLE "redemption_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"fund_id" uuid NOT NULL,
	"redemption_date" date NOT NULL,
	"payment_date" date NOT NULL,
	"units" bigint NOT NULL,
	"price_per_10k" bigint NOT NULL,
	"proceeds" bigint NOT NULL,
	"acquisition_cost" bigint NOT NULL,
	"gain" bigint NOT NULL,
	"income_tax" bigint NOT NULL,
	"resident_tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"journal_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_payments_once_per_holding" UNIQUE("customer_id","account_type","fund_id"),
	CONSTRAINT "redemption_payments_figures_add_up" CHECK ("redemption_payments"."net" = "redemption_payments"."proceeds" - "redemption_payments"."income_tax" - "redemption_payments"."resident_tax" AND "redemption_payments"."units" > 0
        AND "redemption_payments"."gain" = "redemption_payments"."proceeds" - "redemption_payments"."acquisition_cost")
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "settlement_months" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "settlement_day" smallint DEFAULT 31 NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "reinvestment_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "redemption_date" date;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "last_order_date" date;--> statement-breakpoint
ALTER TABLE "cashflows" ADD COLUMN "tax_withheld" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_courses" ADD CONSTRAINT "distribution_courses_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_courses" ADD CONSTRAINT "distribution_courses_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_distributions" ADD CONSTRAINT "fund_distributions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_payments" ADD CONSTRAINT "redemption_payments_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_payments" ADD CONSTRAINT "redemption_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_payments" ADD CONSTRAINT "redemption_payments_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_payments_customer_idx" ON "distribution_payments" USING btree ("customer_id","payment_date");--> statement-breakpoint
CREATE INDEX "fund_distributions_payment_date_idx" ON "fund_distributions" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "redemption_payments_customer_idx" ON "redemption_payments" USING btree ("customer_id","payment_date");--> statement-breakpoint
CREATE INDEX "trades_fund_id_trade_date_idx" ON "trades" USING btree ("fund_id","trade_date");--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_settlement_day_range" CHECK ("funds"."settlement_day" BETWEEN 1 AND 31);--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_last_order_before_redemption" CHECK (("funds"."redemption_date" IS NULL) = ("funds"."last_order_date" IS NULL) AND
        ("funds"."last_order_date" IS NULL OR "funds"."last_order_date" < "funds"."redemption_date"));