ALTER TABLE "account_transfer_accounts" ALTER COLUMN "account_type" SET DATA TYPE text;--> statement-breakpoint
DROP TYPE "public"."bank_account_type";--> statement-breakpoint
CREATE TYPE "public"."bank_account_type" AS ENUM('ORDINARY', 'CURRENT');--> statement-breakpoint
ALTER TABLE "account_transfer_accounts" ALTER COLUMN "account_type" SET DATA TYPE "public"."bank_account_type" USING "account_type"::"public"."bank_account_type";