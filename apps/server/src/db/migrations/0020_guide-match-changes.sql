-- Each server instance keeps every listed guide's side of the match in memory for "Best match" (decision 052):
-- a change of what that side or the listing is made of tells every instance the guide's id, at commit, on the
-- channel lokal_guide_match (LISTEN on PostgreSQL, PGlite's listen in process). Columns as in migration 0018's
-- trigger, plus the listing and the city the city filter reads.
CREATE OR REPLACE FUNCTION guide_match_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('lokal_guide_match', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_match_changed_insert_trg AFTER INSERT OR DELETE ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_match_changed();--> statement-breakpoint
CREATE TRIGGER guide_match_changed_update_trg AFTER UPDATE ON guide_profiles
  FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed OR OLD.city IS DISTINCT FROM NEW.city
    OR OLD.match_city IS DISTINCT FROM NEW.match_city OR OLD.match_languages IS DISTINCT FROM NEW.match_languages
    OR OLD.match_offers IS DISTINCT FROM NEW.match_offers OR OLD.match_from_usd IS DISTINCT FROM NEW.match_from_usd
    OR OLD.match_pace IS DISTINCT FROM NEW.match_pace
    OR OLD.match_rap IS DISTINCT FROM NEW.match_rap OR OLD.match_techno IS DISTINCT FROM NEW.match_techno
    OR OLD.match_rock IS DISTINCT FROM NEW.match_rock OR OLD.match_drinks IS DISTINCT FROM NEW.match_drinks
    OR OLD.match_cannabis IS DISTINCT FROM NEW.match_cannabis OR OLD.match_jokes IS DISTINCT FROM NEW.match_jokes
    OR OLD.match_anime IS DISTINCT FROM NEW.match_anime)
  EXECUTE FUNCTION guide_match_changed();
