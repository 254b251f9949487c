CREATE TABLE "bank_details" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"country_code" text,
	"currency_code" text NOT NULL,
	"sealed" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text,
	"account_ownership" text,
	"payout_route" text NOT NULL,
	"recipient_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_details_form" CHECK ("bank_details"."form" IN ('standard', 'gb', 'addressed')),
	CONSTRAINT "bank_details_last4" CHECK ("bank_details"."account_number_last4" ~ '^[0-9]{1,4}$'),
	CONSTRAINT "bank_details_currency" CHECK ("bank_details"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "bank_details_account_type" CHECK ("bank_details"."account_type" IS NULL OR "bank_details"."account_type" IN ('checking', 'savings')),
	CONSTRAINT "bank_details_ownership" CHECK ("bank_details"."account_ownership" IS NULL OR "bank_details"."account_ownership" IN ('business', 'personal')),
	CONSTRAINT "bank_details_payout_route" CHECK ("bank_details"."payout_route" IN ('gateway', 'bank-file', 'none'))
);
--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_recipient_id_payout_recipients_identifier_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."payout_recipients"("identifier") ON DELETE set null ON UPDATE no action;