CREATE INDEX "directory_entries_price_idx" ON "directory_entries" USING btree ("price");--> statement-breakpoint
CREATE INDEX "directory_entries_rating_idx" ON "directory_entries" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "directory_entries_gender_idx" ON "directory_entries" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "directory_entries_religion_idx" ON "directory_entries" USING btree ("religion_id");--> statement-breakpoint
CREATE INDEX "directory_entries_ethnicity_idx" ON "directory_entries" USING btree ("ethnicity_id");