ALTER TABLE "tourist_profiles" ADD COLUMN "card" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A tourist's card as the guide's list sends it (the discovery schema's tourist card), as JSON text without the
-- keys that depend on the moment or on the guide reading it (reviews, lastActive, online, canContact, match) and
-- without its closing brace: the list adds those (decision 072). Concatenation, as decision 067 found cheaper
-- than json_build_object. Every column it reads is NOT NULL but the age.
CREATE OR REPLACE FUNCTION lokal_tourist_card(t tourist_profiles) RETURNS text AS $$
  SELECT '{"id":"' || t.user_id || '","name":' || to_json(t.first_name || ' ' || t.last_name)::text
    || ',"country":' || to_json(t.country)::text || ',"city":' || to_json(t.city)::text
    || ',"age":' || coalesce(t.age::text, 'null') || ',"rating":' || to_json(t.rating)::text
    || ',"image":' || to_json(t.image)::text || ',"status":' || to_json(t.status)::text
    || ',"budget":{"min":' || t.budget_min || ',"max":' || t.budget_max || ',"currency":' || to_json(t.currency)::text
    || '},"availability":{"newGuides":' || coalesce((t.availability->'newGuides')::text, 'null')
    || ',"experiencedGuides":' || coalesce((t.availability->'experiencedGuides')::text, 'null')
    || '},"interests":' || to_json(t.interests)::text || ',"languages":' || to_json(t.languages)::text
    || ',"lookingFor":' || to_json(t.looking_for)::text || ',"verified":' || t.verified
$$ LANGUAGE sql STABLE;--> statement-breakpoint
UPDATE tourist_profiles SET card = lokal_tourist_card(tourist_profiles);--> statement-breakpoint
-- After the other BEFORE triggers (they fire in name order).
CREATE OR REPLACE FUNCTION tourist_profiles_wire_card() RETURNS trigger AS $$
BEGIN
  NEW.card := lokal_tourist_card(NEW);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tourist_profiles_wire_card_trg BEFORE INSERT OR UPDATE ON tourist_profiles
  FOR EACH ROW EXECUTE FUNCTION tourist_profiles_wire_card();
