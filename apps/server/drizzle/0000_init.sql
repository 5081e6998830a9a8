CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"user_id" integer,
	"username" text,
	"client_ip" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_name" text PRIMARY KEY NOT NULL,
	"dial_prefix" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"custnum" text PRIMARY KEY NOT NULL,
	"kprog_name" text NOT NULL,
	"external_ref" text,
	"website" text,
	"language_code" text,
	"tax_id" text,
	"email_addr" text,
	"credit_indicator" text,
	"rectype" text,
	"salutation" text,
	"latenotice" text,
	"statements" text,
	"resp1" text,
	"resp2" text,
	"resp3" text,
	"resp4" text,
	"resp5" text,
	"resp6" text,
	"regioncode" text,
	"siccode" text,
	"areacode" text,
	"segmentcode" text,
	"custclass" text,
	"phone1" text,
	"phone2" text,
	"phone3" text,
	"phone3desc" text,
	"contact1" text,
	"contact2" text,
	"ccountry" text,
	"postalcode" text,
	"cstate" text,
	"ccity" text,
	"caddr1" text,
	"caddr2" text,
	"cname" text,
	"mastercustnum" text,
	"status" text,
	"level2org" text,
	"level1org" text NOT NULL,
	"membership_cd" text,
	"first_name" text,
	"primary_email_address" text,
	"emailaddrcc" text
);
--> statement-breakpoint
CREATE TABLE "mailing_addresses" (
	"program" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program" text NOT NULL,
	"stage" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"custnum" text NOT NULL,
	"program" text NOT NULL,
	"email" text,
	"phone" text,
	"is_temporary_password" boolean DEFAULT false NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_custnum_customers_custnum_fk" FOREIGN KEY ("custnum") REFERENCES "public"."customers"("custnum") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "customers_membership_cd_idx" ON "customers" USING btree ("membership_cd");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_custnum_idx" ON "users" USING btree ("custnum");