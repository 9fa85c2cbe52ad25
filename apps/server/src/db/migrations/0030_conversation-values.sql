-- A conversation row's state as plain values (docs/decisions/079-read-models.md): the API's answer is shaped in
-- TypeScript from them, no longer written as JSON text by the database. The pair's booking and the guide's
-- earnings become columns of their own; the last message is the kept id, joined by the list.
ALTER TABLE "conversations" ADD COLUMN "booking_status" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "booking_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "booking_time_zone" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "earnings_amount" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "earnings_currency" text;--> statement-breakpoint
-- A pair's bookings as each side's conversation list shows them (docs/product.md#chat): whether contact details
-- show (an accepted or completed booking), the booking the row shows (an accepted one to come, else an open
-- request, else the latest completed tour) and what the completed ones paid the guide, in the currency of the
-- latest. One definition for the backfill below and every trigger.
DROP FUNCTION lokal_pair_state(uuid, uuid);--> statement-breakpoint
CREATE FUNCTION lokal_pair_state(tourist uuid, guide uuid, OUT shared boolean, OUT booking_status text,
    OUT booking_start_at timestamptz, OUT booking_time_zone text, OUT earnings_amount integer,
    OUT earnings_currency text) AS $$
  SELECT EXISTS (SELECT 1 FROM bookings k
      WHERE k.tourist_id = tourist AND k.guide_id = guide AND k.status IN ('accepted', 'completed')),
    shown.status, shown.start_at, shown.time_zone, paid.amount, paid.currency
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (SELECT k.status, k.start_at, k.time_zone FROM bookings k
    WHERE k.tourist_id = tourist AND k.guide_id = guide AND k.status IN ('accepted', 'requested', 'completed')
    ORDER BY CASE k.status WHEN 'accepted' THEN 0 WHEN 'requested' THEN 1 ELSE 2 END,
      CASE WHEN k.status = 'completed' THEN NULL ELSE k.start_at END ASC, k.start_at DESC
    LIMIT 1) shown ON true
  LEFT JOIN LATERAL (SELECT sum(e.guide_total)::integer AS amount, min(e.guide_currency) AS currency
    FROM bookings e
    WHERE e.tourist_id = tourist AND e.guide_id = guide AND e.status = 'completed'
      AND e.guide_currency = (SELECT l.guide_currency FROM bookings l
        WHERE l.tourist_id = tourist AND l.guide_id = guide AND l.status = 'completed'
        ORDER BY l.start_at DESC LIMIT 1)
    HAVING count(*) > 0) paid ON true
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- Writes the pairs' state on their conversations, only where it changed.
CREATE OR REPLACE FUNCTION lokal_pairs_refresh(tourists uuid[], guides uuid[]) RETURNS void AS $$
  UPDATE conversations c SET details_shared = s.shared, booking_status = s.booking_status,
    booking_start_at = s.booking_start_at, booking_time_zone = s.booking_time_zone,
    earnings_amount = s.earnings_amount, earnings_currency = s.earnings_currency
  FROM (SELECT DISTINCT t, g FROM unnest(tourists, guides) AS p(t, g)) p
    CROSS JOIN LATERAL lokal_pair_state(p.t, p.g) s
  WHERE c.tourist_id = p.t AND c.guide_id = p.g
    AND (c.details_shared, c.booking_status, c.booking_start_at, c.booking_time_zone, c.earnings_amount,
      c.earnings_currency) IS DISTINCT FROM (s.shared, s.booking_status, s.booking_start_at,
      s.booking_time_zone, s.earnings_amount, s.earnings_currency);
$$ LANGUAGE sql;--> statement-breakpoint
SELECT lokal_pairs_refresh(array_agg(p.tourist_id), array_agg(p.guide_id))
  FROM (SELECT DISTINCT tourist_id, guide_id FROM "bookings") p;--> statement-breakpoint
-- New messages, in one update of each conversation per statement: the time each side first wrote a text, each
-- side's unread count, and the last message's id (the highest wins, whichever statement commits first).
CREATE OR REPLACE FUNCTION lokal_conversation_messages_inserted() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    guide_wrote_at = coalesce(c.guide_wrote_at, f.guide_at),
    tourist_wrote_at = coalesce(c.tourist_wrote_at, f.tourist_at),
    tourist_unread = c.tourist_unread + f.to_tourist,
    guide_unread = c.guide_unread + f.to_guide,
    last_message_id = greatest(c.last_message_id, f.last_id)
  FROM (
    SELECT n.conversation_id, max(n.id) AS last_id,
      min(n.created_at) FILTER (WHERE n.kind = 'text' AND n.sender_id = x.guide_id) AS guide_at,
      min(n.created_at) FILTER (WHERE n.kind = 'text' AND n.sender_id = x.tourist_id) AS tourist_at,
      count(*) FILTER (WHERE n.read_at IS NULL AND n.sender_id <> x.tourist_id) AS to_tourist,
      count(*) FILTER (WHERE n.read_at IS NULL AND n.sender_id <> x.guide_id) AS to_guide
    FROM inserted n JOIN conversations x ON x.id = n.conversation_id
    GROUP BY n.conversation_id
  ) f
  WHERE c.id = f.conversation_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
-- Messages marked read (or unread) move their side's count.
CREATE OR REPLACE FUNCTION lokal_conversation_messages_read() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    tourist_unread = c.tourist_unread + f.to_tourist,
    guide_unread = c.guide_unread + f.to_guide
  FROM (
    SELECT n.conversation_id,
      sum(CASE WHEN n.sender_id = x.tourist_id OR (o.read_at IS NULL) = (n.read_at IS NULL) THEN 0
        WHEN n.read_at IS NULL THEN 1 ELSE -1 END) AS to_tourist,
      sum(CASE WHEN n.sender_id = x.guide_id OR (o.read_at IS NULL) = (n.read_at IS NULL) THEN 0
        WHEN n.read_at IS NULL THEN 1 ELSE -1 END) AS to_guide
    FROM before_rows o JOIN after_rows n ON n.id = o.id JOIN conversations x ON x.id = n.conversation_id
    WHERE o.read_at IS DISTINCT FROM n.read_at
    GROUP BY n.conversation_id
  ) f
  WHERE c.id = f.conversation_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
-- Deleted messages: an unread one counts down, and the last one gives way to the one before it (where the
-- conversation is still there).
CREATE OR REPLACE FUNCTION lokal_conversation_messages_deleted() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    tourist_unread = c.tourist_unread - f.to_tourist,
    guide_unread = c.guide_unread - f.to_guide
  FROM (
    SELECT n.conversation_id,
      count(*) FILTER (WHERE n.sender_id <> x.tourist_id) AS to_tourist,
      count(*) FILTER (WHERE n.sender_id <> x.guide_id) AS to_guide
    FROM removed n JOIN conversations x ON x.id = n.conversation_id
    WHERE n.read_at IS NULL
    GROUP BY n.conversation_id
  ) f
  WHERE c.id = f.conversation_id;
  UPDATE conversations c SET last_message_id = (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id)
  WHERE c.last_message_id IN (SELECT r.id FROM removed r);
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
DROP FUNCTION lokal_guide_party(guide_profiles);--> statement-breakpoint
DROP FUNCTION lokal_tourist_party(tourist_profiles);--> statement-breakpoint
DROP FUNCTION lokal_message_json(bigint, uuid, uuid, text, uuid, text, text, timestamptz, timestamptz);--> statement-breakpoint
DROP FUNCTION lokal_iso(timestamptz);--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "pair_booking";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "guide_earnings";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "last_message";--> statement-breakpoint
ALTER TABLE "guide_profiles" DROP COLUMN "party";--> statement-breakpoint
ALTER TABLE "tourist_profiles" DROP COLUMN "party";
