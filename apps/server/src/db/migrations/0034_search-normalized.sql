-- A guide's reply time is read from real first replies (docs/product.md#track-record): the stored default
-- ("within a day") and every self-declared value go.
ALTER TABLE "guide_profiles" DROP COLUMN "response_time";--> statement-breakpoint
-- Search forgives accents and case (docs/decisions/092-search-normalized.md): the one definition of how a name or
-- a city is folded for searching, used by the stored search text and by every query's needle. Both engines
-- have normalize(); PGlite has no unaccent. Decomposed, then the combining marks dropped, then lower-cased.
CREATE OR REPLACE FUNCTION lokal_search_fold(t text) RETURNS text AS $$
  SELECT lower(regexp_replace(normalize(coalesce(t, ''), NFD), '[\u0300-\u036f]', '', 'g'))
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION guide_profiles_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lokal_search_fold(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.city, NEW.profession,
    array_to_string(NEW.specialties, ' ')));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE guide_profiles SET search_text = '';
