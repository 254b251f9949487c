CREATE TYPE "public"."payout_status" AS ENUM('started', 'paid', 'failed', 'returned');--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"created_by" uuid NOT NULL,
	"item_count" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_total" CHECK ("payout_batches"."total" >= 0 AND "payout_batches"."item_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_recipients" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"recipient_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_recipients_currency" CHECK ("payout_recipients"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" "payout_status" DEFAULT 'started' NOT NULL,
	"transfer_code" text,
	"failure_reason" text,
	"start_transaction_id" uuid NOT NULL,
	"return_transaction_id" uuid,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_return_matches_status" CHECK (("payouts"."return_transaction_id" IS NOT NULL) = ("payouts"."status" IN ('failed', 'returned')))
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfer_recipients" (
	"recipient_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"transfer_code" text NOT NULL,
	"recipient_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_transferCode_unique" UNIQUE("transfer_code")
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_identifier_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recipients" ADD CONSTRAINT "payout_recipients_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recipient_id_payout_recipients_identifier_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."payout_recipients"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_start_transaction_id_ledger_transactions_identifier_fk" FOREIGN KEY ("start_transaction_id") REFERENCES "public"."ledger_transactions"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_return_transaction_id_ledger_transactions_identifier_fk" FOREIGN KEY ("return_transaction_id") REFERENCES "public"."ledger_transactions"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_identifier_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_recipient_code_sandbox_transfer_recipients_recipient_code_fk" FOREIGN KEY ("recipient_code") REFERENCES "public"."sandbox_transfer_recipients"("recipient_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recipients_gateway_code_key" ON "payout_recipients" USING btree ("gateway","recipient_code");--> statement-breakpoint
CREATE INDEX "payout_recipients_provider_idx" ON "payout_recipients" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_provider_created_idx" ON "payouts" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");--> statement-breakpoint
-- hand-written: a payout never exceeds the available earnings (DESIGN.md §6 "Payouts: same invariant as a wallet").
-- The commit-time check that kept user wallets at or above zero now covers provider earnings too; the payout code
-- checks first under a row lock, this is the last line.
CREATE OR REPLACE FUNCTION ledger_wallet_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount < 0 AND EXISTS (SELECT 1 FROM ledger_accounts WHERE identifier = NEW.account_id AND kind IN ('user_wallet', 'provider_earnings'))
     AND (SELECT sum(amount) FROM ledger_entries WHERE account_id = NEW.account_id) < 0 THEN
    RAISE EXCEPTION 'wallet % would go below zero', NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
