-- Guide pages live at /guides/:slug (docs/product.md#guide-page): a slug from the name, with a short suffix
-- from the guide's id when another guide already has it; set once, never changed by a rename.
CREATE OR REPLACE FUNCTION lokal_slug_base(name text) RETURNS text AS $$
  SELECT coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(
    lower(translate(replace(replace(name, '''', ''), '’', ''),
      'ÁÀÂÄÃÅĀáàâäãåāÉÈÊËĒéèêëēÍÌÎÏíìîïÓÒÔÖÕØóòôöõøÚÙÛÜúùûüÑñÇçÝýÿ',
      'AAAAAAAaaaaaaaEEEEEeeeeeIIIIiiiiOOOOOOooooooUUUUuuuuNnCcYyy')),
    '[^a-z0-9]+', '-', 'g')), 48)), ''), 'guide')
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION guide_profiles_slug() RETURNS trigger AS $$
DECLARE base text;
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    base := lokal_slug_base(concat_ws(' ', NEW.first_name, NEW.last_name));
    IF EXISTS (SELECT 1 FROM guide_profiles WHERE slug = base AND user_id <> NEW.user_id) THEN
      NEW.slug := base || '-' || left(replace(NEW.user_id::text, '-', ''), 6);
    ELSE
      NEW.slug := base;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing guides: the oldest with a name keeps the plain slug, the others get the suffix.
UPDATE guide_profiles g SET slug = s.slug FROM (
  SELECT user_id, CASE WHEN row_number() OVER (PARTITION BY lokal_slug_base(concat_ws(' ', first_name, last_name))
      ORDER BY created_at, user_id) = 1
    THEN lokal_slug_base(concat_ws(' ', first_name, last_name))
    ELSE lokal_slug_base(concat_ws(' ', first_name, last_name)) || '-' || left(replace(user_id::text, '-', ''), 6)
  END AS slug
  FROM guide_profiles
) s WHERE s.user_id = g.user_id;--> statement-breakpoint
ALTER TABLE "guide_profiles" ALTER COLUMN "slug" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "guide_profiles" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_profiles_slug_idx" ON "guide_profiles" USING btree ("slug");--> statement-breakpoint
CREATE TRIGGER guide_profiles_slug_trg BEFORE INSERT OR UPDATE OF slug ON guide_profiles
  FOR EACH ROW EXECUTE FUNCTION guide_profiles_slug();
