CREATE TYPE "public"."stripe_account_status" AS ENUM('onboarding', 'enabled', 'restricted');--> statement-breakpoint
CREATE TYPE "public"."stripe_dispute_status" AS ENUM('held', 'won', 'lost');--> statement-breakpoint
CREATE TABLE "stripe_connected_accounts" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"status" "stripe_account_status" DEFAULT 'onboarding' NOT NULL,
	"requirements_due" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_connected_accounts_account_format" CHECK ("stripe_connected_accounts"."account_id" ~ '^acct_[A-Za-z0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "stripe_disputes" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"dispute_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" "stripe_dispute_status" DEFAULT 'held' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_disputes_amount" CHECK ("stripe_disputes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_refunds" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_refunds_amount" CHECK ("stripe_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "stripe_connected_accounts" ADD CONSTRAINT "stripe_connected_accounts_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_payment_id_payments_identifier_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_payment_id_payments_identifier_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_connected_accounts_provider_key" ON "stripe_connected_accounts" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_connected_accounts_account_key" ON "stripe_connected_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_disputes_dispute_key" ON "stripe_disputes" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "stripe_disputes_payment_idx" ON "stripe_disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_refunds_refund_key" ON "stripe_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "stripe_refunds_payment_idx" ON "stripe_refunds" USING btree ("payment_id");