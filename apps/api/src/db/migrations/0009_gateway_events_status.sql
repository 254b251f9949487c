CREATE TYPE "public"."gateway_event_status" AS ENUM('received', 'processed', 'ignored', 'needs_attention');--> statement-breakpoint
CREATE TYPE "public"."virtual_account_status" AS ENUM('pending', 'assigned', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'user_debt';--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "customer_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "bank_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "account_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "status" "gateway_event_status" DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "status" "virtual_account_status" DEFAULT 'assigned' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "requested_email" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "gateway_events_status_idx" ON "gateway_events" USING btree ("status") WHERE "gateway_events"."status" = 'needs_attention';--> statement-breakpoint
CREATE INDEX "virtual_accounts_requested_email_idx" ON "virtual_accounts" USING btree ("gateway","requested_email");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_amount" CHECK ("payments"."reversed_amount" >= 0 AND "payments"."reversed_amount" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_assigned_complete" CHECK ("virtual_accounts"."status" <> 'assigned' OR ("virtual_accounts"."customer_code" IS NOT NULL AND "virtual_accounts"."bank_name" IS NOT NULL AND "virtual_accounts"."account_number" IS NOT NULL AND "virtual_accounts"."account_name" IS NOT NULL));--> statement-breakpoint
-- hand-written: events handled before this migration were all processed (the old worker marked every one processed).
UPDATE "gateway_events" SET "status" = 'processed' WHERE "processed_at" IS NOT NULL;
