ALTER TABLE "guide_profiles" ADD COLUMN "party" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "party" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A member as the other party of a conversation row (the chat schema's `other`, from "name" to "budget", without
-- the id, the role and whether they are online, which the row adds), as JSON text kept with the profile: the
-- conversation lists read it instead of writing it again for every row of every page (decision 076). A deleted
-- member's row keeps what follows "name", "slug" and "image": the list cuts it at ',"place":', which no JSON
-- string can hold (its quotes are escaped). Every column it reads is NOT NULL.
CREATE OR REPLACE FUNCTION lokal_guide_party(g guide_profiles) RETURNS text AS $$
  SELECT '"name":' || to_json(g.first_name || ' ' || g.last_name)::text || ',"slug":' || to_json(g.slug)::text
    || ',"image":' || to_json(g.image)::text || ',"place":' || to_json(g.city)::text
    || ',"rating":' || g.rating::text || ',"status":null,"budget":null'
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_tourist_party(t tourist_profiles) RETURNS text AS $$
  SELECT '"name":' || to_json(t.first_name || ' ' || t.last_name)::text || ',"slug":null'
    || ',"image":' || to_json(t.image)::text || ',"place":' || to_json(t.country)::text
    || ',"rating":' || t.rating::text || ',"status":' || to_json(t.status)::text
    || ',"budget":{"min":' || t.budget_min || ',"max":' || t.budget_max || ',"currency":' || to_json(t.currency)::text
    || '}'
$$ LANGUAGE sql STABLE;--> statement-breakpoint
UPDATE guide_profiles SET party = lokal_guide_party(guide_profiles);--> statement-breakpoint
UPDATE tourist_profiles SET party = lokal_tourist_party(tourist_profiles);--> statement-breakpoint
-- Kept by the triggers that keep the cards: every column the party reads is one the card's trigger fires for.
CREATE OR REPLACE FUNCTION guide_profiles_wire_card() RETURNS trigger AS $$
BEGIN
  NEW.card := lokal_guide_card(NEW);
  NEW.party := lokal_guide_party(NEW);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tourist_profiles_wire_card() RETURNS trigger AS $$
BEGIN
  NEW.card := lokal_tourist_card(NEW);
  NEW.party := lokal_tourist_party(NEW);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
