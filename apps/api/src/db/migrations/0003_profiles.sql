CREATE TYPE "public"."file_purpose" AS ENUM('profile_picture');--> statement-breakpoint
CREATE TABLE "files" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"purpose" "file_purpose" NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_size_positive" CHECK ("files"."size_bytes" > 0 AND "files"."size_bytes" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "client_preference_countries" (
	"user_id" uuid NOT NULL,
	"country_id" uuid NOT NULL,
	CONSTRAINT "client_preference_countries_user_id_country_id_pk" PRIMARY KEY("user_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "client_preference_items" (
	"user_id" uuid NOT NULL,
	"list" "reference_list" NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "client_preference_items_user_id_list_item_id_pk" PRIMARY KEY("user_id","list","item_id")
);
--> statement-breakpoint
CREATE TABLE "client_preference_languages" (
	"user_id" uuid NOT NULL,
	"language_id" uuid NOT NULL,
	CONSTRAINT "client_preference_languages_user_id_language_id_pk" PRIMARY KEY("user_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"user_name" text,
	"state_id" uuid,
	"zip_code" text,
	"dob" date,
	"religion_id" uuid,
	"ethnicity_id" uuid,
	"gender" text,
	"photo_file_id" uuid,
	"avatar_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_profiles_one_picture" CHECK ("client_profiles"."photo_file_id" IS NULL OR "client_profiles"."avatar_id" IS NULL),
	CONSTRAINT "client_profiles_user_name" CHECK ("client_profiles"."user_name" IS NULL OR char_length("client_profiles"."user_name") BETWEEN 3 AND 32)
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_contacts_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "provider_profile_items" (
	"user_id" uuid NOT NULL,
	"list" "reference_list" NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "provider_profile_items_user_id_list_item_id_pk" PRIMARY KEY("user_id","list","item_id"),
	CONSTRAINT "provider_profile_items_list" CHECK ("provider_profile_items"."list" IN ('therapy-category', 'modality', 'speciality'))
);
--> statement-breakpoint
CREATE TABLE "provider_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"headline" text,
	"title" text,
	"office_address" text,
	"bio" text,
	"zip_code" text,
	"state_id" uuid,
	"dob" date,
	"religion_id" uuid,
	"ethnicity_id" uuid,
	"gender" text,
	"discipline_id" uuid,
	"photo_file_id" uuid,
	"setup_completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_profiles_bio_length" CHECK ("provider_profiles"."bio" IS NULL OR char_length("provider_profiles"."bio") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_identifier_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_countries" ADD CONSTRAINT "client_preference_countries_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_countries" ADD CONSTRAINT "client_preference_countries_country_id_countries_identifier_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_items" ADD CONSTRAINT "client_preference_items_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_items" ADD CONSTRAINT "client_preference_items_list_item_id_reference_items_list_identifier_fk" FOREIGN KEY ("list","item_id") REFERENCES "public"."reference_items"("list","identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_languages" ADD CONSTRAINT "client_preference_languages_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preference_languages" ADD CONSTRAINT "client_preference_languages_language_id_languages_identifier_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_state_id_states_identifier_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_religion_id_reference_items_identifier_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_ethnicity_id_reference_items_identifier_fk" FOREIGN KEY ("ethnicity_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_photo_file_id_files_identifier_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_avatar_id_avatars_identifier_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profile_items" ADD CONSTRAINT "provider_profile_items_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profile_items" ADD CONSTRAINT "provider_profile_items_list_item_id_reference_items_list_identifier_fk" FOREIGN KEY ("list","item_id") REFERENCES "public"."reference_items"("list","identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_state_id_states_identifier_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_religion_id_reference_items_identifier_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_ethnicity_id_reference_items_identifier_fk" FOREIGN KEY ("ethnicity_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_discipline_id_reference_items_identifier_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_photo_file_id_files_identifier_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_user_name_key" ON "client_profiles" USING btree (lower("user_name"));