ALTER TABLE "availability_intervals" DROP CONSTRAINT "availability_intervals_bounds";--> statement-breakpoint
ALTER TABLE "availability_settings" DROP CONSTRAINT "availability_settings_session";--> statement-breakpoint
ALTER TABLE "availability_settings" DROP CONSTRAINT "availability_settings_buffer";--> statement-breakpoint
ALTER TABLE "availability_intervals" ADD CONSTRAINT "availability_intervals_bounds" CHECK ("availability_intervals"."start_minute" >= 0 AND "availability_intervals"."end_minute" <= 1440 AND "availability_intervals"."start_minute" < "availability_intervals"."end_minute");--> statement-breakpoint
-- Sessions were 15-240 minutes; the limit is now 180 (decision 0054): longer saved sessions become 180.
UPDATE "availability_settings" SET "session_minutes" = 180 WHERE "session_minutes" > 180;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_session" CHECK ("availability_settings"."session_minutes" BETWEEN 15 AND 180);--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_buffer" CHECK ("availability_settings"."buffer_minutes" BETWEEN 0 AND 120);