CREATE TABLE "policy_terms" (
	"policy_number" text NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date NOT NULL,
	"custnum" text NOT NULL,
	"prg_name" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_terms_policy_number_term_start_pk" PRIMARY KEY("policy_number","term_start"),
	CONSTRAINT "policy_terms_term_order_check" CHECK ("term_end" >= "term_start")
);
--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_custnum_customers_custnum_fk" FOREIGN KEY ("custnum") REFERENCES "public"."customers"("custnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_terms_custnum_idx" ON "policy_terms" USING btree ("custnum","term_start");
