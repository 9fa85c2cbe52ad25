CREATE TABLE "availability_exceptions" (
	"guide_id" uuid NOT NULL,
	"date" text NOT NULL,
	"kind" text NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "availability_exceptions_guide_id_date_pk" PRIMARY KEY("guide_id","date")
);
--> statement-breakpoint
CREATE TABLE "experience_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experience_id" uuid NOT NULL,
	"file" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_mode" text DEFAULT 'person' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"min_group" integer DEFAULT 1 NOT NULL,
	"max_group" integer DEFAULT 8 NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"meeting_address" text DEFAULT '' NOT NULL,
	"meeting_lat" double precision,
	"meeting_lng" double precision,
	"included" text[] DEFAULT '{}' NOT NULL,
	"not_included" text[] DEFAULT '{}' NOT NULL,
	"cancellation_policy" text DEFAULT 'flexible' NOT NULL,
	"booking_mode" text DEFAULT 'request' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiences_group_check" CHECK ("experiences"."min_group" between 1 and 20 and "experiences"."max_group" between "experiences"."min_group" and 20),
	CONSTRAINT "experiences_duration_check" CHECK ("experiences"."duration_minutes" between 30 and 720)
);
--> statement-breakpoint
CREATE TABLE "guide_availability" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"notice_hours" integer DEFAULT 24 NOT NULL,
	"buffer_minutes" integer DEFAULT 30 NOT NULL,
	"max_per_day" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "experience_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_mode" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "unit_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guide_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guide_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_amount" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment" text DEFAULT 'settle-with-guide' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_photos" ADD CONSTRAINT "experience_photos_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_availability" ADD CONSTRAINT "guide_availability_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experience_photos_file_idx" ON "experience_photos" USING btree ("file");--> statement-breakpoint
CREATE INDEX "experience_photos_order_idx" ON "experience_photos" USING btree ("experience_id","position");--> statement-breakpoint
CREATE INDEX "experiences_guide_idx" ON "experiences" USING btree ("guide_id","created_at");--> statement-breakpoint
CREATE INDEX "experiences_published_idx" ON "experiences" USING btree ("guide_id") WHERE "experiences"."status" = 'published';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_experience_idx" ON "bookings" USING btree ("experience_id");--> statement-breakpoint
CREATE INDEX "bookings_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."status" = 'requested';--> statement-breakpoint
-- Tour types stored on guide profiles become experiences (docs/product.md#experiences). One function, used by this
-- migration, the demo seed and guide onboarding (their older bookings are linked and priced as before): for each guide (or the one given) with tour types and no
-- experience yet, one experience per tour type, priced per person in USD as before. Published ones come with a
-- schedule that keeps the old behaviour (any day 09:00–21:00, an hour's notice, no buffer, up to 10 a day).
CREATE OR REPLACE FUNCTION lokal_adopt_tour_types(p_guide uuid, p_publish boolean) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  WITH todo AS (
    SELECT gp.user_id, gp.city, gp.languages, t.value AS tour, t.ordinality AS n
    FROM guide_profiles gp, jsonb_array_elements(gp.tour_types) WITH ORDINALITY t
    WHERE (p_guide IS NULL OR gp.user_id = p_guide)
      AND NOT EXISTS (SELECT 1 FROM experiences e WHERE e.guide_id = gp.user_id)
  ), shaped AS (
    SELECT user_id, city, n,
      left(coalesce(tour->>'name', 'Experience'), 80) AS title,
      CASE
        WHEN tour->>'name' IN ('Scenic Drives','Deep Conversations','Pub Crawls','House Parties','Large Events','Shopping','Food & Dining','Art & Museums','Adventure Sports','Culture & History') THEN tour->>'name'
        WHEN tour->>'name' IN ('Nightclub Nights','Rooftop Bar Hopping') THEN 'Pub Crawls'
        WHEN tour->>'name' ILIKE '%festival%' OR tour->>'name' ILIKE '%event%' THEN 'Large Events'
        WHEN tour->>'name' ILIKE '%shop%' OR tour->>'name' ILIKE '%fashion%' THEN 'Shopping'
        WHEN tour->>'name' ILIKE '%food%' OR tour->>'name' ILIKE '%dining%' OR tour->>'name' ILIKE '%tapas%' OR tour->>'name' ILIKE '%wine%' THEN 'Food & Dining'
        WHEN tour->>'name' ILIKE '%art%' OR tour->>'name' ILIKE '%museum%' OR tour->>'name' ILIKE '%photo%' THEN 'Art & Museums'
        WHEN tour->>'name' ILIKE '%drive%' THEN 'Scenic Drives'
        WHEN tour->>'name' ILIKE '%bar%' OR tour->>'name' ILIKE '%night%' OR tour->>'name' ILIKE '%pub%' THEN 'Pub Crawls'
        WHEN tour->>'name' ILIKE '%party%' THEN 'House Parties'
        ELSE 'Culture & History'
      END AS category,
      least(720, greatest(30, (round(
        CASE
          WHEN lower(tour->>'duration') LIKE '%half day%' THEN 240
          WHEN lower(tour->>'duration') LIKE '%full day%' THEN 480
          WHEN lower(tour->>'duration') ~ '^\s*[0-9]+([.,][0-9]+)?\s*(h|hour|hr)' THEN
            replace(substring(lower(tour->>'duration') from '[0-9]+(?:[.,][0-9]+)?'), ',', '.')::numeric * 60
          WHEN lower(tour->>'duration') ~ '^\s*[0-9]+\s*m' THEN substring(lower(tour->>'duration') from '[0-9]+')::numeric
          ELSE 120
        END / 15) * 15)::integer)) AS duration,
      greatest(0, least(100000, coalesce((tour->>'price')::numeric, 0)))::integer AS price,
      coalesce(nullif(ARRAY(SELECT l FROM unnest(languages) l WHERE l IN ('English','Spanish','French','German','Italian','Portuguese','Japanese','Chinese','Korean','Arabic','Russian','Other')), '{}'), '{English}') AS langs
    FROM todo
  ), made_rows AS (
    INSERT INTO experiences (guide_id, title, category, summary, duration_minutes, price_mode, price, currency,
      min_group, max_group, languages, meeting_address, status, created_at, updated_at)
    SELECT user_id, title, category, '', duration, 'person', price, 'USD', 1, 8, langs,
      CASE WHEN city <> '' THEN 'To be agreed in chat, ' || city ELSE 'To be agreed in chat' END,
      CASE WHEN p_publish AND price > 0 THEN 'published' ELSE 'draft' END,
      now() + n * interval '1 millisecond', now()
    FROM shaped
    RETURNING guide_id, status
  )
  SELECT count(*) INTO made FROM made_rows;
  IF p_publish THEN
    INSERT INTO guide_availability (guide_id, weekly, notice_hours, buffer_minutes, max_per_day)
    SELECT DISTINCT e.guide_id,
      '{"mon":[{"start":"09:00","end":"21:00"}],"tue":[{"start":"09:00","end":"21:00"}],"wed":[{"start":"09:00","end":"21:00"}],"thu":[{"start":"09:00","end":"21:00"}],"fri":[{"start":"09:00","end":"21:00"}],"sat":[{"start":"09:00","end":"21:00"}],"sun":[{"start":"09:00","end":"21:00"}]}'::jsonb,
      1, 0, 10
    FROM experiences e
    WHERE (p_guide IS NULL OR e.guide_id = p_guide) AND e.status = 'published'
    ON CONFLICT (guide_id) DO NOTHING;
  END IF;
  -- Their bookings made before experiences existed point to the experience of that name, priced as before.
  UPDATE bookings b SET unit_price = b.price_per_person, guide_total = b.total_usd, guide_currency = 'USD',
    experience_id = coalesce(b.experience_id,
      (SELECT e.id FROM experiences e WHERE e.guide_id = b.guide_id AND e.title = b.tour_name ORDER BY e.created_at LIMIT 1))
  WHERE (p_guide IS NULL OR b.guide_id = p_guide) AND b.guide_total = 0 AND b.experience_id IS NULL;
  RETURN made;
END;
$$;--> statement-breakpoint
SELECT lokal_adopt_tour_types(NULL, true);--> statement-breakpoint
-- Open requests now expire 24 hours after they were made, or at their start if sooner.
UPDATE "bookings" SET "expires_at" = least("created_at" + interval '24 hours', "start_at") WHERE "status" = 'requested';
