CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"profile_type" text NOT NULL,
	"profile_id" text NOT NULL,
	"profile_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_profile_type_profile_id_pk" PRIMARY KEY("user_id","profile_type","profile_id")
);
--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency_multiplier" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_profiles_search_trgm_idx" ON "guide_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guide_profiles_specialties_idx" ON "guide_profiles" USING gin ("specialties");--> statement-breakpoint
CREATE INDEX "guide_profiles_languages_idx" ON "guide_profiles" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "guide_profiles_tour_types_idx" ON "guide_profiles" USING gin ("tour_types" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "guide_profiles_rank_idx" ON "guide_profiles" USING btree ("verified" DESC NULLS LAST,"rating" DESC NULLS LAST,"user_id") WHERE "guide_profiles"."listed";--> statement-breakpoint
CREATE INDEX "guide_profiles_city_idx" ON "guide_profiles" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "tourist_profiles_city_idx" ON "tourist_profiles" USING btree (lower("city"));--> statement-breakpoint
-- Keeps the lower-cased search text in step with the fields the discovery search matches (docs/product.md#guide-search).
CREATE OR REPLACE FUNCTION guide_profiles_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.city, NEW.profession,
    array_to_string(NEW.specialties, ' ')));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_profiles_search_text_trg BEFORE INSERT OR UPDATE ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_profiles_search_text();--> statement-breakpoint
UPDATE guide_profiles SET search_text = '';
