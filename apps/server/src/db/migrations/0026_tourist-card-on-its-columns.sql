DROP TRIGGER IF EXISTS tourist_profiles_wire_card_trg ON tourist_profiles;--> statement-breakpoint
-- The card is written again only by an update that sets a column it reads (decision 072): the last activity
-- copied from the account once a minute and the top-3 ranking job's score, which update many rows, leave it.
CREATE TRIGGER tourist_profiles_wire_card_trg BEFORE INSERT OR UPDATE OF user_id, first_name, last_name, country,
  city, age, rating, image, status, budget_min, budget_max, currency, availability, interests, languages,
  looking_for, verified ON tourist_profiles
  FOR EACH ROW EXECUTE FUNCTION tourist_profiles_wire_card();
