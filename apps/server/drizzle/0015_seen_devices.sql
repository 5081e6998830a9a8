-- Issue 40 (new-device notice): the browsers on which a member passed a second factor, by the
-- keyed hash of their device cookie's mark, whether or not the member chose to trust them. A
-- factor passed on a browser not listed sends a notice to the member's proven contacts. Kept
-- apart from known_devices, whose rows skip the code.
CREATE TABLE "seen_devices" (
	"user_id" integer NOT NULL,
	"mark_hash" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seen_devices_user_id_mark_hash_pk" PRIMARY KEY("user_id","mark_hash")
);
--> statement-breakpoint
ALTER TABLE "seen_devices" ADD CONSTRAINT "seen_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
