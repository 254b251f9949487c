CREATE TYPE "public"."gateway_event_status" AS ENUM('received', 'processed', 'ignored', 'needs_attention');--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "status" "gateway_event_status" DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "gateway_events_status_idx" ON "gateway_events" USING btree ("status") WHERE "gateway_events"."status" = 'needs_attention';--> statement-breakpoint
-- hand-written: events handled before this migration were all processed (the old worker marked every one processed).
UPDATE "gateway_events" SET "status" = 'processed' WHERE "processed_at" IS NOT NULL;
