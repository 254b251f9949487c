CREATE TYPE "public"."ledger_account_kind" AS ENUM('user_wallet', 'platform_escrow', 'provider_earnings', 'gateway_clearing', 'platform_revenue');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_type" AS ENUM('topup', 'booking_payment', 'booking_release', 'refund', 'payout', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'success', 'failed', 'abandoned');--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_currency_key" UNIQUE("identifier","currency_code"),
	CONSTRAINT "ledger_accounts_currency" CHECK ("ledger_accounts"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" IS NULL) = ("ledger_accounts"."kind" IN ('platform_escrow', 'gateway_clearing', 'platform_revenue')))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"type" "ledger_transaction_type" NOT NULL,
	"user_id" uuid,
	"reference" text,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"authorization_url" text,
	"ledger_transaction_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"customer_code" text NOT NULL,
	"email" text NOT NULL,
	"account_name" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_accounts_customerCode_unique" UNIQUE("customer_code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"reference" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text DEFAULT 'card' NOT NULL,
	"customer_code" text,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_identifier_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_currency_code_ledger_accounts_identifier_currency_code_fk" FOREIGN KEY ("account_id","currency_code") REFERENCES "public"."ledger_accounts"("identifier","currency_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ledger_transaction_id_ledger_transactions_identifier_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_key" ON "gateway_events" USING btree ("gateway","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key" ON "ledger_accounts" USING btree ("kind",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid),"currency_code");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_type_reference_key" ON "ledger_transactions" USING btree ("type","reference") WHERE "ledger_transactions"."reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_created_idx" ON "ledger_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_key" ON "payments" USING btree ("gateway","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_ledger_transaction_key" ON "payments" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_idempotency_key" ON "payments" USING btree ("user_id","idempotency_key") WHERE "payments"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_user_gateway_key" ON "virtual_accounts" USING btree ("user_id","gateway");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_number_key" ON "virtual_accounts" USING btree ("gateway","account_number");--> statement-breakpoint
-- The ledger is append-only: an entry or a transaction, once written, can neither change nor go.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- At commit, every transaction that got entries sums to zero in each currency.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries WHERE transaction_id = NEW.transaction_id GROUP BY currency_code HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
--> statement-breakpoint
-- At commit, no user wallet is below zero (the service checks first under a row lock; this is the last line).
CREATE FUNCTION ledger_wallet_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount < 0 AND EXISTS (SELECT 1 FROM ledger_accounts WHERE identifier = NEW.account_id AND kind = 'user_wallet')
     AND (SELECT sum(amount) FROM ledger_entries WHERE account_id = NEW.account_id) < 0 THEN
    RAISE EXCEPTION 'wallet % would go below zero', NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_wallet_not_negative AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_wallet_not_negative();
