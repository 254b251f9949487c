CREATE TABLE "avatars" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"photo_url" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_photo_url_local" CHECK ("avatars"."photo_url" ~ '^/avatars/[a-z0-9-]+\.(svg|png)$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "avatars_code_key" ON "avatars" USING btree ("code");