CREATE TABLE "directory_entries" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"title" text,
	"headline" text,
	"photo_file_id" uuid,
	"fee_amount" bigint,
	"fee_currency" text,
	"fee_is_free" boolean,
	"price" bigint,
	"half_stars_sum" integer NOT NULL,
	"review_count" integer NOT NULL,
	"rating" double precision NOT NULL,
	"search" "tsvector" NOT NULL,
	"therapies" uuid[] NOT NULL,
	"modalities" uuid[] NOT NULL,
	"specialities" uuid[] NOT NULL,
	"states" uuid[] NOT NULL,
	"gender" text,
	"religion_id" uuid,
	"ethnicity_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_entries_search_idx" ON "directory_entries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "directory_entries_name_trgm_idx" ON "directory_entries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_entries_states_idx" ON "directory_entries" USING gin ("states");--> statement-breakpoint
CREATE INDEX "directory_entries_therapies_idx" ON "directory_entries" USING gin ("therapies");--> statement-breakpoint
CREATE INDEX "directory_entries_modalities_idx" ON "directory_entries" USING gin ("modalities");--> statement-breakpoint
CREATE INDEX "directory_entries_specialities_idx" ON "directory_entries" USING gin ("specialities");