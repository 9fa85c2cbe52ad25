CREATE TABLE "unread_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whom a message is unread for until it is read: each party of its conversation who did not send it; a member
-- being deleted (whose count goes with them) is left out. One definition for the counts below and every trigger.
CREATE OR REPLACE FUNCTION lokal_message_recipients(conversation uuid, sender uuid) RETURNS SETOF uuid AS $$
  SELECT p.user_id FROM conversations c
    CROSS JOIN LATERAL (VALUES (c.tourist_id), (c.guide_id)) p(user_id)
    WHERE c.id = conversation AND p.user_id <> sender
      AND EXISTS (SELECT 1 FROM users x WHERE x.id = p.user_id)
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- Adds changes to members' counts, one upsert per member, members in id order: two statements that touch the
-- same two members take their rows in the same order.
CREATE OR REPLACE FUNCTION lokal_unread_add(members uuid[], deltas int[]) RETURNS void AS $$
  INSERT INTO unread_counts AS u (user_id, n)
  SELECT x.member, sum(x.delta)::int FROM unnest(members, deltas) AS x(member, delta)
    GROUP BY x.member HAVING sum(x.delta) <> 0 ORDER BY x.member
  ON CONFLICT (user_id) DO UPDATE SET n = u.n + excluded.n;
$$ LANGUAGE sql;--> statement-breakpoint
-- The counts of the messages already stored.
SELECT lokal_unread_add(array_agg(g.member), array_agg(g.n)) FROM (
  SELECT r AS member, count(*)::int AS n FROM "messages" m
    CROSS JOIN LATERAL lokal_message_recipients(m.conversation_id, m.sender_id) r
    WHERE m.read_at IS NULL GROUP BY r) g;--> statement-breakpoint
-- Each trigger adds the change of a statement's messages: per statement with the changed rows, so a bulk insert
-- or marking a conversation read costs one upsert per member.
CREATE OR REPLACE FUNCTION lokal_unread_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_unread_add(array_agg(g.member), array_agg(g.n)) FROM (
    SELECT r AS member, count(*)::int AS n FROM inserted m
      CROSS JOIN LATERAL lokal_message_recipients(m.conversation_id, m.sender_id) r
      WHERE m.read_at IS NULL GROUP BY r) g;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_unread_updated() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_unread_add(array_agg(g.member), array_agg(g.n)) FROM (
    SELECT r AS member, sum(CASE WHEN n.read_at IS NULL THEN 1 ELSE -1 END)::int AS n FROM before_rows o
      JOIN after_rows n ON n.id = o.id
      CROSS JOIN LATERAL lokal_message_recipients(n.conversation_id, n.sender_id) r
      WHERE (o.read_at IS NULL) <> (n.read_at IS NULL) GROUP BY r) g;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_updated AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_updated();--> statement-breakpoint
-- A deleted message counts down where its conversation is still there; a conversation that goes takes its
-- unread messages off both counts first (its messages then go with it, their conversation already gone).
CREATE OR REPLACE FUNCTION lokal_unread_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_unread_add(array_agg(g.member), array_agg(g.n)) FROM (
    SELECT r AS member, -count(*)::int AS n FROM removed m
      CROSS JOIN LATERAL lokal_message_recipients(m.conversation_id, m.sender_id) r
      WHERE m.read_at IS NULL GROUP BY r) g;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_deleted AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_unread_conversation_gone() RETURNS trigger AS $$
BEGIN
  PERFORM lokal_unread_add(array_agg(g.member), array_agg(g.n)) FROM (
    SELECT r AS member, -count(*)::int AS n FROM messages m
      CROSS JOIN LATERAL lokal_message_recipients(m.conversation_id, m.sender_id) r
      WHERE m.conversation_id = OLD.id AND m.read_at IS NULL GROUP BY r) g;
  RETURN OLD;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER conversations_unread_gone BEFORE DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION lokal_unread_conversation_gone();
