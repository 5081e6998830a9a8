-- Issue 32 (security review M4, M9, R1). A temporary password asked for by recovery is kept
-- beside the current password instead of replacing it: the first of the two to be used wins.
-- It works for one sign-in, which must end in a new password, and expires by the channel it
-- went by (24 h by email, 10 min by text). When one is used, the channel is remembered: for
-- a day the next codes go by the other channel.
ALTER TABLE "users" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_password_channel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovered_via" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovered_at" timestamp with time zone;
