ALTER TABLE "bank_details" DROP CONSTRAINT "bank_details_form";--> statement-breakpoint
ALTER TABLE "bank_details" DROP CONSTRAINT "bank_details_last4";--> statement-breakpoint
ALTER TABLE "bank_details" ALTER COLUMN "bank_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recipients" ADD COLUMN "account_type" text;--> statement-breakpoint
ALTER TABLE "payout_recipients" ADD CONSTRAINT "payout_recipients_account_type" CHECK ("payout_recipients"."account_type" IS NULL OR "payout_recipients"."account_type" IN ('checking', 'savings'));--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_form" CHECK ("bank_details"."form" IN ('standard', 'gb', 'addressed', 'sepa'));--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_last4" CHECK ("bank_details"."account_number_last4" ~ '^[0-9A-Z]{1,4}$');