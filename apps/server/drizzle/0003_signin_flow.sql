ALTER TABLE "users" ADD COLUMN "mfa_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_contacts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_contacts" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mfa_contacts" SET "email_verified_at" = "verified_at", "phone_verified_at" = "verified_at" WHERE "verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
