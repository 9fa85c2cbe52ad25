-- Cards are shaped in TypeScript and "Best match" scores with matchScore() in memory (docs/decisions/037-best-match.md,
-- 081-answers-shaped-once.md): the triggers that wrote cards as JSON text and the guide's match side (whose SQL
-- repeated the shared weights and lists) go, with the columns and the lists they kept.
DROP TRIGGER IF EXISTS guide_profiles_wire_card_trg ON guide_profiles;--> statement-breakpoint
DROP FUNCTION IF EXISTS guide_profiles_wire_card();--> statement-breakpoint
DROP FUNCTION IF EXISTS lokal_guide_card(guide_profiles);--> statement-breakpoint
DROP TRIGGER IF EXISTS tourist_profiles_wire_card_trg ON tourist_profiles;--> statement-breakpoint
DROP FUNCTION IF EXISTS tourist_profiles_wire_card();--> statement-breakpoint
DROP FUNCTION IF EXISTS lokal_tourist_card(tourist_profiles);--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_match_terms_insert_trg ON guide_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_match_terms_update_trg ON guide_profiles;--> statement-breakpoint
DROP FUNCTION IF EXISTS guide_match_terms_of();--> statement-breakpoint
DROP FUNCTION IF EXISTS guide_match_point(guide_profiles);--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_match_changed_insert_trg ON guide_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_match_changed_update_trg ON guide_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_profiles_match_vector_trg ON guide_profiles;--> statement-breakpoint
DROP FUNCTION IF EXISTS guide_profiles_match_vector();--> statement-breakpoint
DROP TRIGGER IF EXISTS guide_assessments_match_trg ON guide_assessments;--> statement-breakpoint
DROP TRIGGER IF EXISTS experiences_match_trg ON experiences;--> statement-breakpoint
DROP FUNCTION IF EXISTS lokal_touch_guide_match();--> statement-breakpoint
DROP TABLE "guide_match_terms" CASCADE;--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "card";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_city";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_languages";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_offers";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_from_usd";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_pace";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_rap";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_techno";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_rock";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_drinks";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_cannabis";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_jokes";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "match_anime";--> statement-breakpoint
ALTER TABLE "tourist_profiles" DROP COLUMN "card";--> statement-breakpoint
-- Each server instance holds every guide's side of the match in memory for "Best match": a guide's profile, its
-- assessment or one of its experiences written tells every instance the guide's id, at commit, on the channel
-- lokal_guide_match (LISTEN on PostgreSQL, PGlite's listen in process), and the instance reads that guide back.
CREATE OR REPLACE FUNCTION guide_match_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('lokal_guide_match', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION experience_guide_match_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lokal_guide_match', OLD.guide_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.guide_id IS DISTINCT FROM OLD.guide_id) THEN
    PERFORM pg_notify('lokal_guide_match', NEW.guide_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_match_changed_trg AFTER INSERT OR UPDATE OR DELETE ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_match_changed();--> statement-breakpoint
CREATE TRIGGER guide_assessments_match_changed_trg AFTER INSERT OR UPDATE OR DELETE ON guide_assessments
  FOR EACH ROW EXECUTE FUNCTION guide_match_changed();--> statement-breakpoint
CREATE TRIGGER experiences_match_changed_trg AFTER INSERT OR DELETE OR UPDATE OF status, category, guide_id
  ON experiences FOR EACH ROW EXECUTE FUNCTION experience_guide_match_changed();
