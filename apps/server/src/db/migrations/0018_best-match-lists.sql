CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "guide_match_terms" (
	"guide_id" uuid NOT NULL,
	"term" text NOT NULL,
	"city" text NOT NULL,
	"point" "cube",
	CONSTRAINT "guide_match_terms_term_guide_id_pk" PRIMARY KEY("term","guide_id")
);
--> statement-breakpoint
ALTER TABLE "guide_match_terms" ADD CONSTRAINT "guide_match_terms_guide_id_guide_profiles_user_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guide_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trigger replaces a guide's rows; deleting a guide cascades here.
CREATE INDEX "guide_match_terms_guide_idx" ON "guide_match_terms" USING btree ("guide_id");--> statement-breakpoint
-- The lists "Best match" walks (decision 045): every guide under the term '' and under each offer of its side of
-- the match, with its city and, when it took the assessment, its answers as a point of the cube extension scaled
-- by the quiz's weights (MATCH_WEIGHTS, NIGHTLIFE_MIX, HUMOUR_MIX of packages/shared/src/domain/match.ts, once
-- more here and in modules/match/score-sql.ts quizPoint): the taxicab distance of two points is what the quiz
-- parts of the score lose, 25 minus music, night life, humour and pace.
CREATE OR REPLACE FUNCTION guide_match_point(g guide_profiles) RETURNS cube AS $$
  SELECT CASE WHEN g.match_rap IS NOT NULL THEN cube(ARRAY[
    g.match_rap * 8 / 12::float8, g.match_techno * 8 / 12::float8, g.match_rock * 8 / 12::float8,
    CASE WHEN g.match_drinks THEN 7 * 0.6::float8 ELSE 0::float8 END,
    g.match_cannabis * 7 * 0.4::float8 / 4, g.match_jokes * 6 * 0.7::float8 / 4,
    g.match_anime * 6 * 0.3::float8 / 4, g.match_pace * 4 / 4::float8]) END
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION guide_match_terms_of() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM guide_match_terms WHERE guide_id = NEW.user_id;
  END IF;
  INSERT INTO guide_match_terms (guide_id, term, city, point)
  SELECT NEW.user_id, t.term, NEW.match_city, guide_match_point(NEW)
  FROM (SELECT '' AS term UNION SELECT o FROM unnest(NEW.match_offers) o WHERE o <> '') t;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_match_terms_insert_trg AFTER INSERT ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_match_terms_of();--> statement-breakpoint
CREATE TRIGGER guide_match_terms_update_trg AFTER UPDATE ON guide_profiles
  FOR EACH ROW WHEN (OLD.match_city IS DISTINCT FROM NEW.match_city
    OR OLD.match_offers IS DISTINCT FROM NEW.match_offers OR OLD.match_pace IS DISTINCT FROM NEW.match_pace
    OR OLD.match_rap IS DISTINCT FROM NEW.match_rap OR OLD.match_techno IS DISTINCT FROM NEW.match_techno
    OR OLD.match_rock IS DISTINCT FROM NEW.match_rock OR OLD.match_drinks IS DISTINCT FROM NEW.match_drinks
    OR OLD.match_cannabis IS DISTINCT FROM NEW.match_cannabis OR OLD.match_jokes IS DISTINCT FROM NEW.match_jokes
    OR OLD.match_anime IS DISTINCT FROM NEW.match_anime)
  EXECUTE FUNCTION guide_match_terms_of();--> statement-breakpoint
-- The guides already there (the demo data): the trigger's rows, before the indexes are built.
INSERT INTO guide_match_terms (guide_id, term, city, point)
SELECT g.user_id, t.term, g.match_city, guide_match_point(g)
FROM guide_profiles g
CROSS JOIN LATERAL (SELECT '' AS term UNION SELECT o FROM unnest(g.match_offers) o WHERE o <> '') t;--> statement-breakpoint
CREATE INDEX "guide_match_terms_near_idx" ON "guide_match_terms" USING gist ("term","city","point") WHERE "guide_match_terms"."point" is not null;--> statement-breakpoint
CREATE INDEX "guide_match_terms_city_idx" ON "guide_match_terms" USING btree ("term","city","guide_id");--> statement-breakpoint
CREATE INDEX "guide_match_terms_plain_city_idx" ON "guide_match_terms" USING btree ("term","city","guide_id") WHERE "guide_match_terms"."point" is null;--> statement-breakpoint
CREATE INDEX "guide_match_terms_plain_idx" ON "guide_match_terms" USING btree ("term","guide_id") WHERE "guide_match_terms"."point" is null;