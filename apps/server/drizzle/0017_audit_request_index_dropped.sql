-- Issue 45 (database CPU per sign-in): every audit row wrote an entry in this index (three a
-- full sign-in), and no statement of the service reads by request id. The one reader was an
-- operator's search for a failure's reference (README, "Request ids"), which names its first 8
-- characters: a LIKE prefix that a plain b-tree does not serve under the databases' collation
-- (C.UTF-8 is not "C" to PostgreSQL 15's planner). That search now goes with the time of the
-- failure, on audit_log_at_idx.
DROP INDEX IF EXISTS "audit_log_request_idx";
