CREATE TABLE "contact_messages" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"email" "citext" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"message_sealed" text NOT NULL,
	"locale" text NOT NULL,
	"ip_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "contact_messages_lengths" CHECK (char_length("contact_messages"."email") <= 254 AND char_length("contact_messages"."first_name") BETWEEN 1 AND 32 AND char_length("contact_messages"."last_name") BETWEEN 1 AND 32 AND ("contact_messages"."phone" IS NULL OR char_length("contact_messages"."phone") BETWEEN 10 AND 32) AND char_length("contact_messages"."message_sealed") <= 5372)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_newest" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_ip" ON "contact_messages" USING btree ("ip_key","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_locale" CHECK ("locale" IN ('en', 'de'));
