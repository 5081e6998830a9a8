-- Issue 44 (OpenID Connect): what the provider keeps between steps, so any instance answers any
-- step; the program sites registered as clients; and the provider's signing keys, sealed.
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" ("grant_id") WHERE "grant_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" ("uid") WHERE "uid" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads" ("expires_at");
--> statement-breakpoint
CREATE TABLE "oidc_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"program" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"sealed_jwk" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signs_from" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
