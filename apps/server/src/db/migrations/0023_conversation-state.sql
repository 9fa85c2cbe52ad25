ALTER TABLE "conversations" ADD COLUMN "tourist_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guide_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "details_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "pair_booking" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guide_earnings" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message" text;--> statement-breakpoint
-- A time as JavaScript's toISOString() writes it (milliseconds, cut as the drivers' parsers cut them; UTC; Z),
-- for what the database writes in the API's shape (decision 067). Null stays null.
CREATE OR REPLACE FUNCTION lokal_iso(at timestamptz) RETURNS text AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- A message as the API sends it (the message schema's keys in its order), as JSON text.
CREATE OR REPLACE FUNCTION lokal_message_json(id bigint, conversation_id uuid, sender_id uuid, kind text,
    booking_id uuid, body text, client_id text, created_at timestamptz, read_at timestamptz) RETURNS text AS $$
  SELECT '{"id":' || id || ',"conversationId":"' || conversation_id || '","senderId":"' || sender_id
    || '","kind":' || to_json(kind)::text || ',"bookingId":' || coalesce('"' || booking_id || '"', 'null')
    || ',"body":' || to_json(body)::text || ',"clientId":' || to_json(client_id)::text
    || ',"createdAt":"' || lokal_iso(created_at) || '","readAt":' || coalesce('"' || lokal_iso(read_at) || '"', 'null')
    || '}'
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- A pair's bookings as each side's conversation list shows them (docs/product.md#chat): whether contact details
-- show (an accepted or completed booking), the booking the row shows (an accepted one to come, else an open
-- request, else the latest completed tour) and what the completed ones paid the guide, in the currency of the
-- latest; the booking and the earnings as the API sends them. One definition for the backfill below and every
-- trigger.
CREATE OR REPLACE FUNCTION lokal_pair_state(tourist uuid, guide uuid,
    OUT shared boolean, OUT booking jsonb, OUT earnings jsonb) AS $$
  SELECT coalesce(bool_or(k.status IN ('accepted', 'completed')), false),
    (array_agg(jsonb_build_object(
        'state', CASE k.status WHEN 'accepted' THEN 'booked' ELSE k.status END,
        'startAt', lokal_iso(k.start_at),
        'timeZone', k.time_zone)
      ORDER BY CASE k.status WHEN 'accepted' THEN 0 WHEN 'requested' THEN 1 ELSE 2 END,
        CASE WHEN k.status = 'completed' THEN NULL ELSE k.start_at END ASC, k.start_at DESC))[1],
    (SELECT jsonb_build_object('amount', sum(e.guide_total), 'currency', min(e.guide_currency))
      FROM bookings e
      WHERE e.tourist_id = tourist AND e.guide_id = guide AND e.status = 'completed'
        AND e.guide_currency = (SELECT l.guide_currency FROM bookings l
          WHERE l.tourist_id = tourist AND l.guide_id = guide AND l.status = 'completed'
          ORDER BY l.start_at DESC LIMIT 1)
      HAVING count(*) > 0)
  FROM bookings k
  WHERE k.tourist_id = tourist AND k.guide_id = guide AND k.status IN ('accepted', 'requested', 'completed')
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- Writes the pairs' state on their conversations, only where it changed.
CREATE OR REPLACE FUNCTION lokal_pairs_refresh(tourists uuid[], guides uuid[]) RETURNS void AS $$
  UPDATE conversations c SET details_shared = s.shared, pair_booking = s.booking, guide_earnings = s.earnings
  FROM (SELECT DISTINCT t, g FROM unnest(tourists, guides) AS p(t, g)) p
    CROSS JOIN LATERAL lokal_pair_state(p.t, p.g) s
  WHERE c.tourist_id = p.t AND c.guide_id = p.g
    AND (c.details_shared, c.pair_booking, c.guide_earnings) IS DISTINCT FROM (s.shared, s.booking, s.earnings);
$$ LANGUAGE sql;--> statement-breakpoint
-- The state of what is already stored: unread messages per side, the last message, every pair's bookings.
UPDATE "conversations" c SET tourist_unread = u.to_tourist, guide_unread = u.to_guide FROM (
  SELECT m.conversation_id,
    count(*) FILTER (WHERE m.sender_id <> x.tourist_id) AS to_tourist,
    count(*) FILTER (WHERE m.sender_id <> x.guide_id) AS to_guide
  FROM "messages" m JOIN "conversations" x ON x.id = m.conversation_id
  WHERE m.read_at IS NULL GROUP BY m.conversation_id) u
WHERE c.id = u.conversation_id;--> statement-breakpoint
UPDATE "conversations" c SET last_message_id = l.id,
  last_message = lokal_message_json(l.id, l.conversation_id, l.sender_id, l.kind, l.booking_id, l.body,
    l.client_id, l.created_at, l.read_at)
FROM (SELECT DISTINCT ON (m.conversation_id) m.* FROM "messages" m ORDER BY m.conversation_id, m.id DESC) l
WHERE c.id = l.conversation_id;--> statement-breakpoint
SELECT lokal_pairs_refresh(array_agg(p.tourist_id), array_agg(p.guide_id))
  FROM (SELECT DISTINCT tourist_id, guide_id FROM "bookings") p;--> statement-breakpoint
-- Bookings changed by a statement refresh their pairs (per statement, so a bulk insert costs one update).
CREATE OR REPLACE FUNCTION lokal_pairs_changed() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_pairs_refresh(array_agg(n.tourist_id), array_agg(n.guide_id)) FROM changed n;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_pairs_updated() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_pairs_refresh(array_agg(x.tourist_id), array_agg(x.guide_id)) FROM (
    SELECT tourist_id, guide_id FROM before_rows UNION SELECT tourist_id, guide_id FROM changed) x;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER bookings_pairs_inserted AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lokal_pairs_changed();--> statement-breakpoint
CREATE TRIGGER bookings_pairs_deleted AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lokal_pairs_changed();--> statement-breakpoint
CREATE TRIGGER bookings_pairs_updated AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION lokal_pairs_updated();--> statement-breakpoint
-- A conversation opened by a pair that already has bookings starts with their state.
CREATE OR REPLACE FUNCTION lokal_conversations_opened() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_pairs_refresh(array_agg(n.tourist_id), array_agg(n.guide_id)) FROM opened n
    WHERE EXISTS (SELECT 1 FROM bookings k WHERE k.tourist_id = n.tourist_id AND k.guide_id = n.guide_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER conversations_opened AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS opened FOR EACH STATEMENT EXECUTE FUNCTION lokal_conversations_opened();--> statement-breakpoint
-- New messages, in one update of each conversation per statement: the time each side first wrote a text
-- (migration 0019), each side's unread count, and the last message (the highest id wins, whichever statement
-- commits first).
CREATE OR REPLACE FUNCTION lokal_conversation_messages_inserted() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    guide_wrote_at = coalesce(c.guide_wrote_at, f.guide_at),
    tourist_wrote_at = coalesce(c.tourist_wrote_at, f.tourist_at),
    tourist_unread = c.tourist_unread + f.to_tourist,
    guide_unread = c.guide_unread + f.to_guide,
    last_message_id = greatest(c.last_message_id, l.id),
    last_message = CASE WHEN c.last_message_id > l.id THEN c.last_message
      ELSE lokal_message_json(l.id, l.conversation_id, l.sender_id, l.kind, l.booking_id, l.body, l.client_id,
        l.created_at, l.read_at) END
  FROM (
    SELECT n.conversation_id,
      min(n.created_at) FILTER (WHERE n.kind = 'text' AND n.sender_id = x.guide_id) AS guide_at,
      min(n.created_at) FILTER (WHERE n.kind = 'text' AND n.sender_id = x.tourist_id) AS tourist_at,
      count(*) FILTER (WHERE n.read_at IS NULL AND n.sender_id <> x.tourist_id) AS to_tourist,
      count(*) FILTER (WHERE n.read_at IS NULL AND n.sender_id <> x.guide_id) AS to_guide
    FROM inserted n JOIN conversations x ON x.id = n.conversation_id
    GROUP BY n.conversation_id
  ) f
  JOIN (SELECT DISTINCT ON (n.conversation_id) n.* FROM inserted n ORDER BY n.conversation_id, n.id DESC) l
    ON l.conversation_id = f.conversation_id
  WHERE c.id = f.conversation_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER messages_first_texts ON "messages";--> statement-breakpoint
DROP FUNCTION lokal_conversation_first_texts();--> statement-breakpoint
CREATE TRIGGER messages_conversation_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lokal_conversation_messages_inserted();--> statement-breakpoint
-- Messages marked read (or unread) move their side's count, and the last message's text when it is one of them.
CREATE OR REPLACE FUNCTION lokal_conversation_messages_read() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    tourist_unread = c.tourist_unread + f.to_tourist,
    guide_unread = c.guide_unread + f.to_guide,
    last_message = coalesce(f.last_message, c.last_message)
  FROM (
    SELECT n.conversation_id,
      sum(CASE WHEN n.sender_id = x.tourist_id OR (o.read_at IS NULL) = (n.read_at IS NULL) THEN 0
        WHEN n.read_at IS NULL THEN 1 ELSE -1 END) AS to_tourist,
      sum(CASE WHEN n.sender_id = x.guide_id OR (o.read_at IS NULL) = (n.read_at IS NULL) THEN 0
        WHEN n.read_at IS NULL THEN 1 ELSE -1 END) AS to_guide,
      max(lokal_message_json(n.id, n.conversation_id, n.sender_id, n.kind, n.booking_id, n.body, n.client_id,
        n.created_at, n.read_at)) FILTER (WHERE n.id = x.last_message_id) AS last_message
    FROM before_rows o JOIN after_rows n ON n.id = o.id JOIN conversations x ON x.id = n.conversation_id
    WHERE o.read_at IS DISTINCT FROM n.read_at
    GROUP BY n.conversation_id
  ) f
  WHERE c.id = f.conversation_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_conversation_read AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lokal_conversation_messages_read();--> statement-breakpoint
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
  UPDATE conversations c SET (last_message_id, last_message) = (
    SELECT m.id, lokal_message_json(m.id, m.conversation_id, m.sender_id, m.kind, m.booking_id, m.body,
      m.client_id, m.created_at, m.read_at)
    FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1)
  WHERE c.last_message_id IN (SELECT r.id FROM removed r);
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_conversation_deleted AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lokal_conversation_messages_deleted();
