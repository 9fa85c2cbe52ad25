ALTER TABLE "guide_profiles" ADD COLUMN "match_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_languages" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_offers" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_from_usd" double precision;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_pace" double precision DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_rap" smallint;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_techno" smallint;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_rock" smallint;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_drinks" boolean;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_cannabis" smallint;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_jokes" smallint;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "match_anime" smallint;--> statement-breakpoint
-- The guide's side of the match score (docs/product.md#match-score, decision 037), as GuideSide in
-- packages/shared/src/domain/match.ts reads it: lower-cased city, languages and offers (specialties, the
-- assessment's experiences, the categories of published experiences), the "from" price in USD while tours are
-- shown, offerPace() of the offers (its list of lively offers, once more here) and the assessment's temperament.
CREATE OR REPLACE FUNCTION guide_profiles_match_vector() RETURNS trigger AS $$
DECLARE
  a jsonb;
  lively int;
BEGIN
  SELECT answers INTO a FROM guide_assessments WHERE user_id = NEW.user_id;
  NEW.match_city := lower(btrim(NEW.city));
  NEW.match_languages := coalesce((SELECT array_agg(DISTINCT lower(btrim(l))) FROM unnest(NEW.languages) l), '{}');
  NEW.match_offers := coalesce((SELECT array_agg(DISTINCT o) FROM (
      SELECT lower(btrim(s)) AS o FROM unnest(NEW.specialties) s
      UNION SELECT lower(btrim(e)) FROM jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(a -> 'experiences') = 'array' THEN a -> 'experiences' ELSE '[]'::jsonb END) e
      UNION SELECT lower(btrim(x.category)) FROM experiences x
        WHERE x.guide_id = NEW.user_id AND x.status = 'published') t), '{}');
  NEW.match_from_usd := CASE WHEN jsonb_array_length(NEW.tour_types) > 0 THEN NEW.price_min END;
  SELECT count(*) INTO lively FROM unnest(NEW.match_offers) o
    WHERE o LIKE ANY (ARRAY['%nightlife%', '%pub crawls%', '%nightclub nights%', '%house parties%',
      '%rooftop bar hopping%', '%adventure%']);
  NEW.match_pace := CASE WHEN cardinality(NEW.match_offers) = 0 THEN 3
    ELSE 1 + (4 * lively)::float8 / cardinality(NEW.match_offers) END;
  IF a IS NOT NULL AND (a -> 'musicPreference' ->> 'rap') IS NOT NULL AND (a -> 'musicPreference' ->> 'techno') IS NOT NULL
      AND (a -> 'musicPreference' ->> 'rock') IS NOT NULL AND jsonb_typeof(a -> 'drinks') = 'boolean'
      AND (a ->> 'cannabisComfort') IS NOT NULL AND (a ->> 'politicalJokes') IS NOT NULL
      AND (a ->> 'animeKdrama') IN ('yes', 'sometimes', 'no') THEN
    NEW.match_rap := (a -> 'musicPreference' ->> 'rap')::smallint;
    NEW.match_techno := (a -> 'musicPreference' ->> 'techno')::smallint;
    NEW.match_rock := (a -> 'musicPreference' ->> 'rock')::smallint;
    NEW.match_drinks := (a ->> 'drinks')::boolean;
    NEW.match_cannabis := (a ->> 'cannabisComfort')::smallint;
    NEW.match_jokes := (a ->> 'politicalJokes')::smallint;
    NEW.match_anime := CASE a ->> 'animeKdrama' WHEN 'yes' THEN 5 WHEN 'sometimes' THEN 3 ELSE 1 END;
  ELSE
    NEW.match_rap := NULL; NEW.match_techno := NULL; NEW.match_rock := NULL; NEW.match_drinks := NULL;
    NEW.match_cannabis := NULL; NEW.match_jokes := NULL; NEW.match_anime := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_profiles_match_vector_trg BEFORE INSERT OR UPDATE ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_profiles_match_vector();--> statement-breakpoint
-- An assessment or an experience changed: the guide's row recomputes its side (the trigger above).
CREATE OR REPLACE FUNCTION lokal_touch_guide_match() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'experiences' THEN
    IF TG_OP <> 'INSERT' THEN
      UPDATE guide_profiles SET match_pace = match_pace WHERE user_id = OLD.guide_id;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.guide_id IS DISTINCT FROM OLD.guide_id) THEN
      UPDATE guide_profiles SET match_pace = match_pace WHERE user_id = NEW.guide_id;
    END IF;
  ELSE
    UPDATE guide_profiles SET match_pace = match_pace
      WHERE user_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_assessments_match_trg AFTER INSERT OR UPDATE OR DELETE ON guide_assessments
  FOR EACH ROW EXECUTE FUNCTION lokal_touch_guide_match();--> statement-breakpoint
CREATE TRIGGER experiences_match_trg AFTER INSERT OR DELETE OR UPDATE OF status, category, guide_id ON experiences
  FOR EACH ROW EXECUTE FUNCTION lokal_touch_guide_match();--> statement-breakpoint
UPDATE guide_profiles SET match_pace = match_pace;
