CREATE TYPE "public"."agent_kind" AS ENUM('LEGAL_GUARDIAN', 'REPRESENTATIVE');--> statement-breakpoint
CREATE TABLE "customer_agents" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"kind" "agent_kind" NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name_kana" text NOT NULL,
	"first_name_kana" text NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_agents_guardian_relationship" CHECK ("customer_agents"."kind" <> 'LEGAL_GUARDIAN' OR "customer_agents"."relationship" IN ('FATHER', 'MOTHER', 'GUARDIAN'))
);
--> statement-breakpoint
ALTER TABLE "customer_agents" ADD CONSTRAINT "customer_agents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;