CREATE TYPE "public"."fund_asset_class" AS ENUM('EQUITY', 'BOND', 'BALANCED', 'REIT', 'COMMODITY');--> statement-breakpoint
CREATE TYPE "public"."fund_sales_status" AS ENUM('ON_SALE', 'SUSPENDED', 'REDEEMED');--> statement-breakpoint
CREATE TYPE "public"."account_type" AS ENUM('specific', 'general', 'general_nisa', 'tsumitate_nisa', 'nisa2_tsumitate', 'nisa2_growth', 'junior_nisa');--> statement-breakpoint
CREATE TYPE "public"."nisa_bucket" AS ENUM('tsumitate', 'growth');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('ACCOUNT_TRANSFER', 'CREDIT_CARD');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('SUCCESS', 'FAILURE', 'RESET', 'NONE', 'RECEIVED', 'PROCESSING');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('ACTIVE', 'SUSPENDED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."scheduled_buy_batch_flag" AS ENUM('create', 'update', 'cancel');--> statement-breakpoint
CREATE TYPE "public"."scheduled_sell_frequency" AS ENUM('MONTHLY', 'ODD_MONTHLY');--> statement-breakpoint
CREATE TYPE "public"."scheduled_sell_type" AS ENUM('AMOUNT', 'QUANTITY', 'RATE');--> statement-breakpoint
CREATE TYPE "public"."order_channel" AS ENUM('BUY', 'SELL', 'TSUMITATE', 'SCHEDULEDSELL');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('ORDERED', 'EXECUTED', 'CANCELED', 'TRADED', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."order_type" AS ENUM('AMOUNT', 'QUANTITY', 'ALL');--> statement-breakpoint
CREATE TYPE "public"."cashflow_type" AS ENUM('deposit', 'withdraw');--> statement-breakpoint
CREATE TYPE "public"."ledger_account" AS ENUM('customer_cash', 'customer_unsettled', 'bank_clearing', 'fund_settlement', 'tax_withheld', 'points_receivable');--> statement-breakpoint
CREATE TYPE "public"."trade_side" AS ENUM('BUY', 'SELL', 'IN', 'OUT');--> statement-breakpoint
CREATE TYPE "public"."trade_type" AS ENUM('FUND', 'EQUITY', 'CASH_TRANSFER', 'CAPITAL_GAIN', 'SHIP_RECEIPT');--> statement-breakpoint
CREATE TYPE "public"."point_movement_kind" AS ENUM('EARNED', 'USED', 'RETURNED');--> statement-breakpoint
CREATE TYPE "public"."batch_step_status" AS ENUM('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TABLE "fund_holidays" (
	"fund_id" uuid NOT NULL,
	"holiday" date NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "fund_holidays_fund_id_holiday_pk" PRIMARY KEY("fund_id","holiday")
);
--> statement-breakpoint
CREATE TABLE "fund_navs" (
	"fund_id" uuid NOT NULL,
	"nav_date" date NOT NULL,
	"nav" bigint NOT NULL,
	CONSTRAINT "fund_navs_fund_id_nav_date_pk" PRIMARY KEY("fund_id","nav_date"),
	CONSTRAINT "fund_navs_nav_positive" CHECK ("fund_navs"."nav" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_prospectuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"effective_on" date NOT NULL,
	"document_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_prospectuses_fund_id_version_unique" UNIQUE("fund_id","version"),
	CONSTRAINT "fund_prospectuses_fund_id_effective_on_unique" UNIQUE("fund_id","effective_on"),
	CONSTRAINT "fund_prospectuses_version_positive" CHECK ("fund_prospectuses"."version" >= 1),
	CONSTRAINT "fund_prospectuses_document_url_https" CHECK ("fund_prospectuses"."document_url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"management_company" text NOT NULL,
	"inception_date" date NOT NULL,
	"price_lag_days" smallint NOT NULL,
	"buy_settlement_lag_days" smallint NOT NULL,
	"sell_settlement_lag_days" smallint NOT NULL,
	"cut_off_time" time DEFAULT '15:00:00' NOT NULL,
	"retention_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"tsumitate_eligible" boolean NOT NULL,
	"growth_eligible" boolean NOT NULL,
	"risk_level" smallint NOT NULL,
	"asset_class" "fund_asset_class" NOT NULL,
	"foreign" boolean NOT NULL,
	"sales_status" "fund_sales_status" DEFAULT 'ON_SALE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_code_unique" UNIQUE("code"),
	CONSTRAINT "funds_code_format" CHECK ("funds"."code" ~ '^[0-9A-Z]{8}$'),
	CONSTRAINT "funds_price_lag_range" CHECK ("funds"."price_lag_days" BETWEEN 0 AND 5),
	CONSTRAINT "funds_settlement_lag_range" CHECK ("funds"."buy_settlement_lag_days" BETWEEN 0 AND 10 AND "funds"."sell_settlement_lag_days" BETWEEN 0 AND 10),
	CONSTRAINT "funds_retention_fee_range" CHECK ("funds"."retention_fee_basis_points" >= 0 AND "funds"."retention_fee_basis_points" < 10000),
	CONSTRAINT "funds_risk_level_range" CHECK ("funds"."risk_level" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "prospectus_confirmations" (
	"customer_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospectus_confirmations_customer_id_fund_id_version_pk" PRIMARY KEY("customer_id","fund_id","version")
);
--> statement-breakpoint
CREATE TABLE "customer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"opened_on" date NOT NULL,
	"closed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_customer_id_account_type_unique" UNIQUE("customer_id","account_type"),
	CONSTRAINT "customer_accounts_closed_after_opened" CHECK ("customer_accounts"."closed_on" IS NULL OR "customer_accounts"."closed_on" >= "customer_accounts"."opened_on")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"fund_id" uuid NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"reserved_units" bigint DEFAULT 0 NOT NULL,
	"book_value" bigint DEFAULT 0 NOT NULL,
	"cost_basis_per_10k" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_customer_id_account_type_fund_id_pk" PRIMARY KEY("customer_id","account_type","fund_id"),
	CONSTRAINT "holdings_units_not_negative" CHECK ("holdings"."units" >= 0),
	CONSTRAINT "holdings_reserved_units_not_negative" CHECK ("holdings"."reserved_units" >= 0),
	CONSTRAINT "holdings_reserved_within_units" CHECK ("holdings"."units" - "holdings"."reserved_units" >= 0),
	CONSTRAINT "holdings_book_value_not_negative" CHECK ("holdings"."book_value" >= 0),
	CONSTRAINT "holdings_cost_basis_not_negative" CHECK ("holdings"."cost_basis_per_10k" >= 0),
	CONSTRAINT "holdings_no_book_value_without_units" CHECK ("holdings"."units" > 0 OR "holdings"."book_value" = 0)
);
--> statement-breakpoint
CREATE TABLE "monthly_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"debit_day" smallint NOT NULL,
	"status" "plan_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_deposits_amount_positive" CHECK ("monthly_deposits"."amount" > 0),
	CONSTRAINT "monthly_deposits_debit_day_range" CHECK ("monthly_deposits"."debit_day" BETWEEN 1 AND 28)
);
--> statement-breakpoint
CREATE TABLE "recurring_debits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurring_purchase_id" uuid NOT NULL,
	"month" date NOT NULL,
	"debit_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"payment_status" "payment_status" DEFAULT 'NONE' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_debits_plan_month_unique" UNIQUE("recurring_purchase_id","month"),
	CONSTRAINT "recurring_debits_amount_positive" CHECK ("recurring_debits"."amount" > 0),
	CONSTRAINT "recurring_debits_month_first_day" CHECK (extract(day from "recurring_debits"."month") = 1),
	CONSTRAINT "recurring_debits_failure_reason_only_on_failure" CHECK ("recurring_debits"."payment_status" = 'FAILURE' OR "recurring_debits"."failure_reason" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "recurring_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_months" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"bonus_amount" bigint,
	"payment_method" "payment_method" NOT NULL,
	"status" "plan_status" DEFAULT 'ACTIVE' NOT NULL,
	"consecutive_debit_failures" smallint DEFAULT 0 NOT NULL,
	"start_month" date NOT NULL,
	"batch_flag" "scheduled_buy_batch_flag",
	"batch_applies_from" date,
	"pending_amount" bigint,
	"pending_bonus_months" integer[],
	"pending_bonus_amount" bigint,
	"pending_payment_method" "payment_method",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_purchases_amount_valid" CHECK (("recurring_purchases"."amount" >= 5000 AND "recurring_purchases"."amount" % 1000 = 0)),
	CONSTRAINT "recurring_purchases_bonus_months_valid" CHECK ((cardinality("recurring_purchases"."bonus_months") <= 2
    AND "recurring_purchases"."bonus_months" <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]
    AND (cardinality("recurring_purchases"."bonus_months") < 2 OR "recurring_purchases"."bonus_months"[1] <> "recurring_purchases"."bonus_months"[2]))),
	CONSTRAINT "recurring_purchases_bonus_amount_with_months" CHECK ((cardinality("recurring_purchases"."bonus_months") = 0) = ("recurring_purchases"."bonus_amount" IS NULL)),
	CONSTRAINT "recurring_purchases_bonus_amount_valid" CHECK ("recurring_purchases"."bonus_amount" IS NULL OR ("recurring_purchases"."bonus_amount" >= 5000 AND "recurring_purchases"."bonus_amount" % 1000 = 0)),
	CONSTRAINT "recurring_purchases_no_old_nisa" CHECK ("recurring_purchases"."account_type" IN ('specific', 'general', 'nisa2_tsumitate', 'nisa2_growth')),
	CONSTRAINT "recurring_purchases_failures_range" CHECK ("recurring_purchases"."consecutive_debit_failures" BETWEEN 0 AND 3),
	CONSTRAINT "recurring_purchases_start_month_first_day" CHECK (extract(day from "recurring_purchases"."start_month") = 1),
	CONSTRAINT "recurring_purchases_batch_flag_with_month" CHECK (("recurring_purchases"."batch_flag" IS NULL) = ("recurring_purchases"."batch_applies_from" IS NULL)
        AND ("recurring_purchases"."batch_applies_from" IS NULL OR extract(day from "recurring_purchases"."batch_applies_from") = 1)),
	CONSTRAINT "recurring_purchases_pending_only_for_update" CHECK ("recurring_purchases"."batch_flag" IS NOT DISTINCT FROM 'update' OR ("recurring_purchases"."pending_amount" IS NULL
        AND "recurring_purchases"."pending_bonus_months" IS NULL AND "recurring_purchases"."pending_bonus_amount" IS NULL
        AND "recurring_purchases"."pending_payment_method" IS NULL)),
	CONSTRAINT "recurring_purchases_pending_valid" CHECK (("recurring_purchases"."pending_amount" IS NULL OR ("recurring_purchases"."pending_amount" >= 5000 AND "recurring_purchases"."pending_amount" % 1000 = 0))
        AND ("recurring_purchases"."pending_bonus_amount" IS NULL OR ("recurring_purchases"."pending_bonus_amount" >= 5000 AND "recurring_purchases"."pending_bonus_amount" % 1000 = 0))
        AND ("recurring_purchases"."pending_bonus_months" IS NULL OR (cardinality("recurring_purchases"."pending_bonus_months") <= 2
    AND "recurring_purchases"."pending_bonus_months" <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]
    AND (cardinality("recurring_purchases"."pending_bonus_months") < 2 OR "recurring_purchases"."pending_bonus_months"[1] <> "recurring_purchases"."pending_bonus_months"[2]))))
);
--> statement-breakpoint
CREATE TABLE "scheduled_sells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"account_type" "account_type" DEFAULT 'specific' NOT NULL,
	"type" "scheduled_sell_type" NOT NULL,
	"value" bigint NOT NULL,
	"frequency" "scheduled_sell_frequency" NOT NULL,
	"status" "plan_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_sells_specific_account_only" CHECK ("scheduled_sells"."account_type" = 'specific'),
	CONSTRAINT "scheduled_sells_value_positive" CHECK ("scheduled_sells"."value" > 0),
	CONSTRAINT "scheduled_sells_rate_percent" CHECK ("scheduled_sells"."type" <> 'RATE' OR "scheduled_sells"."value" <= 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_type" "account_type" NOT NULL,
	"fund_id" uuid NOT NULL,
	"channel" "order_channel" NOT NULL,
	"order_type" "order_type" NOT NULL,
	"status" "order_status" DEFAULT 'ORDERED' NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_amount" bigint,
	"requested_units" bigint,
	"reserved_units" bigint DEFAULT 0 NOT NULL,
	"executed_units" bigint,
	"executed_amount" bigint,
	"executed_nav" bigint,
	"executed_price" bigint,
	"points_used" bigint DEFAULT 0 NOT NULL,
	"points_value" bigint DEFAULT 0 NOT NULL,
	"payment_method" "payment_method",
	"payment_status" "payment_status" DEFAULT 'NONE' NOT NULL,
	"application_date" date NOT NULL,
	"trade_date" date NOT NULL,
	"settlement_date" date NOT NULL,
	"cancel_deadline" timestamp with time zone NOT NULL,
	"nisa_bucket" "nisa_bucket",
	"nisa_amount" bigint DEFAULT 0 NOT NULL,
	"tax_withheld" bigint DEFAULT 0 NOT NULL,
	"recurring_purchase_id" uuid,
	"recurring_debit_id" uuid,
	"scheduled_sell_id" uuid,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_customer_id_idempotency_key_unique" UNIQUE("customer_id","idempotency_key"),
	CONSTRAINT "orders_idempotency_key_length" CHECK (char_length("orders"."idempotency_key") BETWEEN 1 AND 255),
	CONSTRAINT "orders_all_only_for_sells" CHECK ("orders"."order_type" <> 'ALL' OR NOT "orders"."channel" IN ('BUY', 'TSUMITATE')),
	CONSTRAINT "orders_requested_quantity" CHECK (coalesce(CASE "orders"."order_type"
        WHEN 'AMOUNT' THEN "orders"."requested_amount" > 0 AND "orders"."requested_units" IS NULL
        WHEN 'QUANTITY' THEN "orders"."requested_units" > 0 AND "orders"."requested_amount" IS NULL
        ELSE "orders"."requested_amount" IS NULL AND "orders"."requested_units" IS NULL END, false)),
	CONSTRAINT "orders_reserved_units_only_for_sells" CHECK ("orders"."reserved_units" >= 0 AND ("orders"."reserved_units" = 0 OR NOT "orders"."channel" IN ('BUY', 'TSUMITATE'))),
	CONSTRAINT "orders_executed_figures_when_priced" CHECK (coalesce(CASE WHEN "orders"."status" IN ('ORDERED', 'CANCELED')
        THEN "orders"."executed_units" IS NULL AND "orders"."executed_amount" IS NULL
          AND "orders"."executed_nav" IS NULL AND "orders"."executed_price" IS NULL
        ELSE "orders"."executed_units" >= 0 AND "orders"."executed_amount" >= 0
          AND "orders"."executed_nav" > 0 AND "orders"."executed_price" > 0 END, false)),
	CONSTRAINT "orders_points_only_for_spot_buys" CHECK ("orders"."points_used" = 0 OR ("orders"."channel" = 'BUY' AND "orders"."points_used" >= 200
        AND "orders"."points_used" % 100 = 0)),
	CONSTRAINT "orders_points_value" CHECK ("orders"."points_value" = "orders"."points_used" / 100 * 450),
	CONSTRAINT "orders_points_within_amount" CHECK ("orders"."points_value" = 0
        OR coalesce("orders"."order_type" = 'AMOUNT' AND "orders"."points_value" <= "orders"."requested_amount", false)),
	CONSTRAINT "orders_payment_method_only_for_tsumitate" CHECK ("orders"."payment_method" IS NULL OR "orders"."channel" = 'TSUMITATE'),
	CONSTRAINT "orders_dates_in_order" CHECK ("orders"."application_date" <= "orders"."trade_date" AND "orders"."trade_date" <= "orders"."settlement_date"),
	CONSTRAINT "orders_nisa_bucket_matches_account" CHECK ("orders"."nisa_bucket" IS NOT DISTINCT FROM (CASE "orders"."account_type"
        WHEN 'nisa2_tsumitate' THEN 'tsumitate'::nisa_bucket
        WHEN 'nisa2_growth' THEN 'growth'::nisa_bucket END)),
	CONSTRAINT "orders_nisa_amount" CHECK ("orders"."nisa_amount" >= 0 AND ("orders"."nisa_amount" = 0 OR
        ("orders"."nisa_bucket" IS NOT NULL AND "orders"."channel" IN ('BUY', 'TSUMITATE')))),
	CONSTRAINT "orders_tsumitate_bucket_only_for_recurring" CHECK ("orders"."account_type" <> 'nisa2_tsumitate' OR "orders"."channel" <> 'BUY'),
	CONSTRAINT "orders_tax_only_for_sells" CHECK ("orders"."tax_withheld" = 0 OR NOT "orders"."channel" IN ('BUY', 'TSUMITATE')),
	CONSTRAINT "orders_plan_matches_channel" CHECK (("orders"."recurring_purchase_id" IS NOT NULL) = ("orders"."channel" = 'TSUMITATE')
        AND ("orders"."scheduled_sell_id" IS NOT NULL) = ("orders"."channel" = 'SCHEDULEDSELL')
        AND ("orders"."recurring_debit_id" IS NULL OR "orders"."channel" = 'TSUMITATE')),
	CONSTRAINT "orders_canceled_at_when_canceled" CHECK (("orders"."status" = 'CANCELED') = ("orders"."canceled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "cashflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" "cashflow_type" NOT NULL,
	"amount" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashflows_journal_entry_id_unique" UNIQUE("journal_entry_id"),
	CONSTRAINT "cashflows_amount_positive" CHECK ("cashflows"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_balances" (
	"customer_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"balance" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_balances_customer_id_account_pk" PRIMARY KEY("customer_id","account"),
	CONSTRAINT "customer_balances_liability_accounts" CHECK ("customer_balances"."account" IN ('customer_cash', 'customer_unsettled')),
	CONSTRAINT "customer_balances_not_negative" CHECK ("customer_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"business_date" date NOT NULL,
	"customer_id" uuid,
	"order_id" uuid,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"customer_id" uuid,
	"amount" bigint NOT NULL,
	CONSTRAINT "journal_lines_amount_not_zero" CHECK ("journal_lines"."amount" <> 0),
	CONSTRAINT "journal_lines_customer_accounts_have_customer" CHECK ("journal_lines"."customer_id" IS NOT NULL
        OR "journal_lines"."account" NOT IN ('customer_cash', 'customer_unsettled', 'points_receivable'))
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_type" "account_type",
	"fund_id" uuid,
	"order_id" uuid,
	"journal_entry_id" uuid,
	"type" "trade_type" NOT NULL,
	"side" "trade_side" NOT NULL,
	"units" bigint,
	"price_per_10k" bigint,
	"amount" bigint NOT NULL,
	"tax_withheld" bigint DEFAULT 0 NOT NULL,
	"trade_date" date NOT NULL,
	"settlement_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_amount_not_negative" CHECK ("trades"."amount" >= 0),
	CONSTRAINT "trades_dates_in_order" CHECK ("trades"."trade_date" <= "trades"."settlement_date"),
	CONSTRAINT "trades_side_matches_type" CHECK (("trades"."type" IN ('FUND', 'EQUITY')) = ("trades"."side" IN ('BUY', 'SELL'))),
	CONSTRAINT "trades_units_for_unit_trades" CHECK (coalesce(CASE WHEN "trades"."type" IN ('FUND', 'SHIP_RECEIPT')
        THEN "trades"."units" > 0 AND "trades"."fund_id" IS NOT NULL AND "trades"."account_type" IS NOT NULL
        ELSE "trades"."type" = 'EQUITY' OR "trades"."units" IS NULL END, false)),
	CONSTRAINT "trades_price_for_fund_trades" CHECK ("trades"."type" <> 'FUND' OR coalesce("trades"."price_per_10k" > 0, false))
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "point_movement_kind" NOT NULL,
	"points" bigint NOT NULL,
	"order_id" uuid,
	"occurred_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_sign_matches_kind" CHECK (CASE "points_ledger"."kind" WHEN 'USED' THEN "points_ledger"."points" < 0 ELSE "points_ledger"."points" > 0 END),
	CONSTRAINT "points_ledger_used_with_order" CHECK ("points_ledger"."kind" = 'EARNED' OR "points_ledger"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "nisa_usage" (
	"customer_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"bucket" "nisa_bucket" NOT NULL,
	"purchased" bigint DEFAULT 0 NOT NULL,
	"freed" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nisa_usage_customer_id_year_bucket_pk" PRIMARY KEY("customer_id","year","bucket"),
	CONSTRAINT "nisa_usage_from_2024" CHECK ("nisa_usage"."year" >= 2024),
	CONSTRAINT "nisa_usage_amounts_not_negative" CHECK ("nisa_usage"."purchased" >= 0 AND "nisa_usage"."freed" >= 0),
	CONSTRAINT "nisa_usage_annual_limit" CHECK ("nisa_usage"."purchased" <= CASE "nisa_usage"."bucket" WHEN 'tsumitate' THEN 1200000 ELSE 2400000 END)
);
--> statement-breakpoint
CREATE TABLE "yearly_tax_states" (
	"customer_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"net_gain" bigint DEFAULT 0 NOT NULL,
	"income_tax_withheld" bigint DEFAULT 0 NOT NULL,
	"resident_tax_withheld" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearly_tax_states_customer_id_year_pk" PRIMARY KEY("customer_id","year"),
	CONSTRAINT "yearly_tax_states_withheld_not_negative" CHECK ("yearly_tax_states"."income_tax_withheld" >= 0 AND "yearly_tax_states"."resident_tax_withheld" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"customer_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_customer_id_key_pk" PRIMARY KEY("customer_id","key"),
	CONSTRAINT "idempotency_records_key_length" CHECK (char_length("idempotency_records"."key") BETWEEN 1 AND 255),
	CONSTRAINT "idempotency_records_response_status_range" CHECK ("idempotency_records"."response_status" IS NULL OR "idempotency_records"."response_status" BETWEEN 100 AND 599)
);
--> statement-breakpoint
CREATE TABLE "batch_step_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"step" text NOT NULL,
	"business_date" date NOT NULL,
	"item_id" text NOT NULL,
	"status" "batch_step_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_step_runs_step_date_item_unique" UNIQUE("step","business_date","item_id"),
	CONSTRAINT "batch_step_runs_attempts_not_negative" CHECK ("batch_step_runs"."attempts" >= 0),
	CONSTRAINT "batch_step_runs_item_id_not_empty" CHECK ("batch_step_runs"."item_id" <> ''),
	CONSTRAINT "batch_step_runs_lock_pair" CHECK (("batch_step_runs"."locked_by" IS NULL) = ("batch_step_runs"."locked_at" IS NULL)),
	CONSTRAINT "batch_step_runs_finished_when_succeeded" CHECK (("batch_step_runs"."status" = 'SUCCEEDED') = ("batch_step_runs"."finished_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "fund_holidays" ADD CONSTRAINT "fund_holidays_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_prospectuses" ADD CONSTRAINT "fund_prospectuses_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospectus_confirmations" ADD CONSTRAINT "prospectus_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospectus_confirmations" ADD CONSTRAINT "prospectus_confirmations_prospectus_fk" FOREIGN KEY ("fund_id","version") REFERENCES "public"."fund_prospectuses"("fund_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_deposits" ADD CONSTRAINT "monthly_deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_debits" ADD CONSTRAINT "recurring_debits_recurring_purchase_id_recurring_purchases_id_fk" FOREIGN KEY ("recurring_purchase_id") REFERENCES "public"."recurring_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchases" ADD CONSTRAINT "recurring_purchases_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchases" ADD CONSTRAINT "recurring_purchases_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sells" ADD CONSTRAINT "scheduled_sells_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sells" ADD CONSTRAINT "scheduled_sells_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recurring_purchase_id_recurring_purchases_id_fk" FOREIGN KEY ("recurring_purchase_id") REFERENCES "public"."recurring_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recurring_debit_id_recurring_debits_id_fk" FOREIGN KEY ("recurring_debit_id") REFERENCES "public"."recurring_debits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_scheduled_sell_id_scheduled_sells_id_fk" FOREIGN KEY ("scheduled_sell_id") REFERENCES "public"."scheduled_sells"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashflows" ADD CONSTRAINT "cashflows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashflows" ADD CONSTRAINT "cashflows_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_customer_account_fk" FOREIGN KEY ("customer_id","account_type") REFERENCES "public"."customer_accounts"("customer_id","account_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nisa_usage" ADD CONSTRAINT "nisa_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_tax_states" ADD CONSTRAINT "yearly_tax_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_holidays_holiday_idx" ON "fund_holidays" USING btree ("holiday");--> statement-breakpoint
CREATE INDEX "holdings_fund_id_idx" ON "holdings" USING btree ("fund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_deposits_one_live_plan_idx" ON "monthly_deposits" USING btree ("customer_id") WHERE "monthly_deposits"."status" <> 'CANCELED';--> statement-breakpoint
CREATE INDEX "recurring_debits_debit_date_status_idx" ON "recurring_debits" USING btree ("debit_date","payment_status");--> statement-breakpoint
CREATE INDEX "recurring_purchases_customer_id_idx" ON "recurring_purchases" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recurring_purchases_status_idx" ON "recurring_purchases" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_purchases_one_live_plan_idx" ON "recurring_purchases" USING btree ("customer_id","fund_id","account_type") WHERE "recurring_purchases"."status" <> 'CANCELED';--> statement-breakpoint
CREATE INDEX "scheduled_sells_customer_id_idx" ON "scheduled_sells" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_sells_one_live_plan_idx" ON "scheduled_sells" USING btree ("customer_id","fund_id") WHERE "scheduled_sells"."status" <> 'CANCELED';--> statement-breakpoint
CREATE INDEX "orders_customer_id_status_idx" ON "orders" USING btree ("customer_id","status","application_date");--> statement-breakpoint
CREATE INDEX "orders_status_trade_date_idx" ON "orders" USING btree ("status","trade_date");--> statement-breakpoint
CREATE INDEX "orders_status_settlement_date_idx" ON "orders" USING btree ("status","settlement_date");--> statement-breakpoint
CREATE INDEX "orders_fund_id_trade_date_idx" ON "orders" USING btree ("fund_id","trade_date");--> statement-breakpoint
CREATE INDEX "orders_recurring_purchase_id_idx" ON "orders" USING btree ("recurring_purchase_id") WHERE "orders"."recurring_purchase_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_scheduled_sell_id_idx" ON "orders" USING btree ("scheduled_sell_id") WHERE "orders"."scheduled_sell_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cashflows_customer_id_occurred_on_idx" ON "cashflows" USING btree ("customer_id","occurred_on");--> statement-breakpoint
CREATE INDEX "journal_entries_customer_id_business_date_idx" ON "journal_entries" USING btree ("customer_id","business_date");--> statement-breakpoint
CREATE INDEX "journal_entries_order_id_idx" ON "journal_entries" USING btree ("order_id") WHERE "journal_entries"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_lines_entry_id_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_customer_id_account_idx" ON "journal_lines" USING btree ("customer_id","account");--> statement-breakpoint
CREATE INDEX "trades_customer_id_settlement_date_idx" ON "trades" USING btree ("customer_id","settlement_date");--> statement-breakpoint
CREATE INDEX "trades_holding_idx" ON "trades" USING btree ("customer_id","account_type","fund_id");--> statement-breakpoint
CREATE INDEX "trades_order_id_idx" ON "trades" USING btree ("order_id") WHERE "trades"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "points_ledger_customer_id_occurred_on_idx" ON "points_ledger" USING btree ("customer_id","occurred_on");--> statement-breakpoint
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "batch_step_runs_open_idx" ON "batch_step_runs" USING btree ("business_date","step") WHERE "batch_step_runs"."status" <> 'SUCCEEDED';--> statement-breakpoint
-- Double-entry ledger: the lines of a journal entry sum to zero. Checked at commit (deferred), so an
-- entry's lines can be inserted one by one within its transaction.
CREATE FUNCTION "journal_entry_check_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
BEGIN
	SELECT coalesce(sum("amount"), 0) INTO total FROM "journal_lines" WHERE "entry_id" = NEW."entry_id";
	IF total <> 0 THEN
		RAISE EXCEPTION 'journal entry % does not balance: its lines sum to %', NEW."entry_id", total
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_check_balance"();--> statement-breakpoint
-- The running balance of the customer liability accounts (credits − debits); customer_balances' CHECK
-- refuses a balance below zero, and its row lock serialises concurrent movements of one customer. The
-- row is created with 0 first, so the CHECK only ever sees the real balance.
CREATE FUNCTION "journal_lines_update_customer_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_balances" ("customer_id", "account", "balance")
		VALUES (NEW."customer_id", NEW."account", 0) ON CONFLICT DO NOTHING;
	UPDATE "customer_balances" SET "balance" = "balance" - NEW."amount", "updated_at" = now()
		WHERE "customer_id" = NEW."customer_id" AND "account" = NEW."account";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_customer_balance" AFTER INSERT ON "journal_lines" FOR EACH ROW WHEN (NEW."account" IN ('customer_cash', 'customer_unsettled')) EXECUTE FUNCTION "journal_lines_update_customer_balance"();--> statement-breakpoint
-- Points: the same running balance, never below zero.
CREATE FUNCTION "points_ledger_update_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "point_balances" ("customer_id", "balance") VALUES (NEW."customer_id", 0) ON CONFLICT DO NOTHING;
	UPDATE "point_balances" SET "balance" = "balance" + NEW."points", "updated_at" = now()
		WHERE "customer_id" = NEW."customer_id";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "points_ledger_balance" AFTER INSERT ON "points_ledger" FOR EACH ROW EXECUTE FUNCTION "points_ledger_update_balance"();--> statement-breakpoint
-- The ledgers are append-only: a mistake is corrected with a reversing entry, never by rewriting one.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_append_only" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "points_ledger_append_only" BEFORE UPDATE OR DELETE ON "points_ledger" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
