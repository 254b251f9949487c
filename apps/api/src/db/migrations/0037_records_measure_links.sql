CREATE TABLE "measure_links" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"measure_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measure_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "measure_links" ADD CONSTRAINT "measure_links_measure_id_measures_identifier_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_links_measure_idx" ON "measure_links" USING btree ("measure_id");