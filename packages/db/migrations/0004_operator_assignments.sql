CREATE TABLE "operator_assignments" (
	"operator_id" uuid NOT NULL,
	"branch_code" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_assignments_operator_id_branch_code_pk" PRIMARY KEY("operator_id","branch_code"),
	CONSTRAINT "operator_assignments_branch_code_format" CHECK ("operator_assignments"."branch_code" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
ALTER TABLE "operator_assignments" ADD CONSTRAINT "operator_assignments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;