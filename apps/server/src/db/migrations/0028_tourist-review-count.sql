ALTER TABLE "tourist_profiles" ADD COLUMN "reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many published reviews there are about a tourist, kept on the profile (decision 077): the guide's list and
-- the top 3 read the column instead of counting the reviews of every row they show. Recounted for the subject
-- of every review written, published, moved or removed, whichever code path writes it.
CREATE OR REPLACE FUNCTION lokal_count_tourist_reviews(subject uuid) RETURNS void AS $$
  UPDATE tourist_profiles SET reviews = (SELECT count(*) FROM reviews r
    WHERE r.subject_id = subject AND r.published_at IS NOT NULL)
  WHERE user_id = subject;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_count_for_tourist() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM lokal_count_tourist_reviews(OLD.subject_id);
  END IF;
  IF (TG_OP = 'INSERT' AND NEW.published_at IS NOT NULL)
    OR (TG_OP = 'UPDATE' AND NEW.subject_id IS DISTINCT FROM OLD.subject_id) THEN
    PERFORM lokal_count_tourist_reviews(NEW.subject_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER reviews_count_for_tourist_trg AFTER INSERT OR DELETE OR UPDATE OF subject_id, published_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_count_for_tourist();--> statement-breakpoint
UPDATE tourist_profiles t SET reviews = (SELECT count(*) FROM reviews r
  WHERE r.subject_id = t.user_id AND r.published_at IS NOT NULL);
