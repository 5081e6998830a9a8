-- Issue 32, A1: a staff account created or reset by someone else (an admin in the console, an
-- operator with portal-admin) must set its own password at its first console sign-in; until
-- then every other console call answers 403. The staff member's own change clears it.
-- Accounts that exist already keep working as before (false).
ALTER TABLE "staff" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
