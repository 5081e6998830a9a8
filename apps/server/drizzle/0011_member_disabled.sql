-- Issue 31 (support desk): a member disabled by the desk (fraud, death, dispute) signs in as a
-- locked account would, until enabled again. Audited as support.member_disabled/enabled.
ALTER TABLE "users" ADD COLUMN "is_disabled" boolean DEFAULT false NOT NULL;
