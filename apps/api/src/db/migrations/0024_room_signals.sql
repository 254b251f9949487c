CREATE TABLE "room_signals" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_signals" ADD CONSTRAINT "room_signals_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_signals" ADD CONSTRAINT "room_signals_from_user_id_users_identifier_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_signals" ADD CONSTRAINT "room_signals_to_user_id_users_identifier_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_signals_created_idx" ON "room_signals" USING btree ("created_at");