-- Issue 24: the language the member uses the portal in (en-US, es-US), so that the emails and
-- text messages the service sends later (a temporary password, a lockout notice) are written
-- in it. Accounts that exist already keep English, as they were.
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" IN ('en-US', 'es-US'));
