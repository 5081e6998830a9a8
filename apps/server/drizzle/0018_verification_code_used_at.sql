-- Issue 40, K1: a code that passed stays, marked used, so that the parallel copies of the try
-- that passed are known for the right code, already used, and spend no try (a hash only the
-- sign-in that asked for the code can match). Used when not before created_at: the previous
-- release's new code overwrites created_at and not this column (decision 0024).
ALTER TABLE "verification_codes" ADD COLUMN "used_at" timestamp with time zone;
