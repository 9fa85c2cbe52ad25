ALTER TABLE "guide_profiles" ADD COLUMN "card" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A guide's card as the API sends it (the discovery schema's guide card, its keys in the schema's order, without
-- the match), as JSON text: the search reads it instead of writing every card of every page again (decision
-- 070). Concatenation rather than json_build_object, as decision 067 found cheaper; tour types as stored (every
-- writer stores the schema's three keys). Every column it reads is NOT NULL but the age.
CREATE OR REPLACE FUNCTION lokal_guide_card(g guide_profiles) RETURNS text AS $$
  SELECT '{"id":"' || g.user_id || '","slug":' || to_json(g.slug)::text
    || ',"name":' || to_json(g.first_name || ' ' || g.last_name)::text
    || ',"age":' || coalesce(g.age::text, 'null')
    || ',"city":' || to_json(g.city)::text || ',"country":' || to_json(g.country)::text
    || ',"profession":' || to_json(g.profession)::text || ',"bio":' || to_json(g.bio)::text
    || ',"image":' || to_json(g.image)::text || ',"thumbnail":' || to_json(g.image)::text
    || ',"rating":' || to_json(g.rating)::text || ',"reviews":' || g.reviews || ',"totalTours":' || g.total_tours
    || ',"priceRange":"$' || g.price_min || '-$' || g.price_max || '"'
    || ',"specialties":' || to_json(g.specialties)::text || ',"languages":' || to_json(g.languages)::text
    || ',"responseTime":' || to_json(g.response_time)::text || ',"verified":' || g.verified
    || ',"tourTypes":' || g.tour_types::text || '}'
$$ LANGUAGE sql STABLE;--> statement-breakpoint
UPDATE guide_profiles SET card = lokal_guide_card(guide_profiles);--> statement-breakpoint
-- After the other BEFORE triggers (they fire in name order): the slug is set by then.
CREATE OR REPLACE FUNCTION guide_profiles_wire_card() RETURNS trigger AS $$
BEGIN
  NEW.card := lokal_guide_card(NEW);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER guide_profiles_wire_card_trg BEFORE INSERT OR UPDATE ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_profiles_wire_card();
