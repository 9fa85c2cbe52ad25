CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_result" integer
);
--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "tier" smallint GENERATED ALWAYS AS (case status when 'Luxury VIP Member' then 2 when 'Premium Member' then 1 else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "rank_score" real;--> statement-breakpoint
CREATE INDEX "conversations_tourist_recent_idx" ON "conversations" USING btree ("tourist_id",coalesce("last_message_at", "created_at") desc,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_guide_asked_idx" ON "conversations" USING btree ("guide_id","created_at" DESC NULLS LAST) WHERE "conversations"."started_by" = "conversations"."tourist_id";--> statement-breakpoint
CREATE INDEX "conversations_guide_recent_idx" ON "conversations" USING btree ("guide_id",coalesce("last_message_at", "created_at") desc,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tourist_profiles_city_list_idx" ON "tourist_profiles" USING btree (lower("city"),"tier" DESC NULLS LAST,"last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tourist_profiles_city_rank_idx" ON "tourist_profiles" USING btree (lower("city"),"rank_score" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "tourist_profiles_city_online_idx" ON "tourist_profiles" USING btree (lower("city"),"last_active_at") WHERE "tourist_profiles"."status" <> 'Gold Member';--> statement-breakpoint
UPDATE "tourist_profiles" tp SET "last_active_at" = u."last_active_at" FROM "users" u WHERE u."id" = tp."user_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION tourist_profiles_last_active() RETURNS trigger AS $$
BEGIN
  UPDATE tourist_profiles SET last_active_at = NEW.last_active_at
    WHERE user_id = NEW.id AND last_active_at IS DISTINCT FROM NEW.last_active_at;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_last_active_copy AFTER UPDATE OF last_active_at ON users
  FOR EACH ROW WHEN (NEW.role = 'tourist' AND NEW.last_active_at IS DISTINCT FROM OLD.last_active_at)
  EXECUTE FUNCTION tourist_profiles_last_active();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tourist_profiles_last_active_on_insert() RETURNS trigger AS $$
BEGIN
  SELECT u.last_active_at INTO NEW.last_active_at FROM users u WHERE u.id = NEW.user_id;
  IF NEW.last_active_at IS NULL THEN NEW.last_active_at := now(); END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tourist_profiles_last_active_insert BEFORE INSERT ON tourist_profiles
  FOR EACH ROW EXECUTE FUNCTION tourist_profiles_last_active_on_insert();
