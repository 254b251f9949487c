ALTER TABLE "directory_entries" ADD COLUMN "next_free_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_entries" ADD COLUMN "availability_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "directory_entries_next_free_idx" ON "directory_entries" USING btree ("next_free_at");