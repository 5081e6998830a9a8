-- Usernames in any case (issue 32, row E1): `FOO`, `Foo` and `foo` are one username, at
-- sign-in, registration, recovery and in the support console. The fold is
-- lower(username COLLATE "C"): A-Z lowered and nothing else, whatever the database's locale,
-- exactly as the service folds the names it is sent, once trimmed (src/lib/usernames.ts
-- usernameKey). The stored spelling is kept: it is what members typed, and what hand-offs
-- and messages carry.
--
-- Names that already differ only in case cannot share the new unique index, and which of
-- them keeps the name is a person's decision, not this file's: the migration stops, naming
-- every such group, and changes nothing until they are renamed.
DO $$
DECLARE
	collisions text;
BEGIN
	SELECT string_agg(spellings, '; ' ORDER BY spellings) INTO collisions
	FROM (
		SELECT string_agg(username, ', ' ORDER BY username COLLATE "C") AS spellings
		FROM users
		GROUP BY lower(username COLLATE "C")
		HAVING count(*) > 1
	) AS same_name;
	IF collisions IS NOT NULL THEN
		RAISE EXCEPTION 'usernames that differ only in case: %; rename all but one of each group (UPDATE users SET username = ''<new name>'' WHERE username = ''<old name>'', then tell that member) and migrate again', collisions;
	END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_unique" ON "users" USING btree (lower("username" COLLATE "C"));--> statement-breakpoint
-- Every name the old exact-match constraint refuses, the index above refuses too, and no
-- lookup matches usernames exactly any more: one index to keep up on each write is enough.
ALTER TABLE "users" DROP CONSTRAINT "users_username_unique";
