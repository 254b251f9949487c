CREATE TABLE "user_sessions" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
-- Sessions that exist already (refresh-token families) become rows, so signed-in users stay signed in.
INSERT INTO "user_sessions" ("identifier", "user_id", "created_at", "revoked_at")
SELECT "family_id", min("user_id"::text)::uuid, min("created_at"), CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens" GROUP BY "family_id";
