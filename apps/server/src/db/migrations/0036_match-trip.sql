-- The match reads a guide's weekly hours, date exceptions and the group sizes of the published experiences
-- (a traveller's trip dates and party, decision 091): a change to any of them tells every instance the guide's id.
CREATE OR REPLACE FUNCTION guide_hours_match_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('lokal_guide_match', CASE WHEN TG_OP = 'DELETE' THEN OLD.guide_id ELSE NEW.guide_id END::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_availability_match_changed_trg AFTER INSERT OR UPDATE OR DELETE ON guide_availability
  FOR EACH ROW EXECUTE FUNCTION guide_hours_match_changed();--> statement-breakpoint
CREATE TRIGGER availability_exceptions_match_changed_trg AFTER INSERT OR UPDATE OR DELETE ON availability_exceptions
  FOR EACH ROW EXECUTE FUNCTION guide_hours_match_changed();--> statement-breakpoint
DROP TRIGGER experiences_match_changed_trg ON experiences;--> statement-breakpoint
CREATE TRIGGER experiences_match_changed_trg
  AFTER INSERT OR DELETE OR UPDATE OF status, category, guide_id, min_group, max_group
  ON experiences FOR EACH ROW EXECUTE FUNCTION experience_guide_match_changed();
