CREATE TABLE "unread_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts of the messages already stored: a message is unread for each party of its conversation who did
-- not send it.
INSERT INTO "unread_counts" ("user_id", "n")
SELECT p.user_id, count(*)::int FROM "messages" m
  JOIN "conversations" c ON c.id = m.conversation_id
  CROSS JOIN LATERAL (VALUES (c.tourist_id), (c.guide_id)) p(user_id)
  WHERE m.read_at IS NULL AND m.sender_id <> p.user_id
  GROUP BY p.user_id;--> statement-breakpoint
-- Each trigger adds the unread change of a statement's messages to each party's count: per statement with the
-- changed rows, so a bulk insert or marking a conversation read costs one upsert per member; members in id
-- order, so two statements that touch the same two members take their rows in the same order; a member being
-- deleted (whose count goes with them) is left out.
CREATE OR REPLACE FUNCTION lokal_unread_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO unread_counts AS u (user_id, n)
  SELECT p.user_id, count(*)::int FROM inserted m
    JOIN conversations c ON c.id = m.conversation_id
    CROSS JOIN LATERAL (VALUES (c.tourist_id), (c.guide_id)) p(user_id)
    WHERE m.read_at IS NULL AND m.sender_id <> p.user_id
      AND EXISTS (SELECT 1 FROM users x WHERE x.id = p.user_id)
    GROUP BY p.user_id ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET n = u.n + excluded.n;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_unread_updated() RETURNS trigger AS $$
BEGIN
  INSERT INTO unread_counts AS u (user_id, n)
  SELECT p.user_id, sum(CASE WHEN n.read_at IS NULL THEN 1 ELSE -1 END)::int FROM before_rows o
    JOIN after_rows n ON n.id = o.id
    JOIN conversations c ON c.id = n.conversation_id
    CROSS JOIN LATERAL (VALUES (c.tourist_id), (c.guide_id)) p(user_id)
    WHERE (o.read_at IS NULL) <> (n.read_at IS NULL) AND n.sender_id <> p.user_id
      AND EXISTS (SELECT 1 FROM users x WHERE x.id = p.user_id)
    GROUP BY p.user_id ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET n = u.n + excluded.n;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_updated AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_updated();--> statement-breakpoint
-- A deleted message counts down where its conversation is still there; a conversation that goes takes its
-- unread messages off both counts first (its messages then go with it, their conversation already gone).
CREATE OR REPLACE FUNCTION lokal_unread_deleted() RETURNS trigger AS $$
BEGIN
  INSERT INTO unread_counts AS u (user_id, n)
  SELECT p.user_id, -count(*)::int FROM removed m
    JOIN conversations c ON c.id = m.conversation_id
    CROSS JOIN LATERAL (VALUES (c.tourist_id), (c.guide_id)) p(user_id)
    WHERE m.read_at IS NULL AND m.sender_id <> p.user_id
      AND EXISTS (SELECT 1 FROM users x WHERE x.id = p.user_id)
    GROUP BY p.user_id ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET n = u.n + excluded.n;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_unread_deleted AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lokal_unread_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lokal_unread_conversation_gone() RETURNS trigger AS $$
BEGIN
  INSERT INTO unread_counts AS u (user_id, n)
  SELECT p.user_id, -count(*)::int FROM messages m
    CROSS JOIN LATERAL (VALUES (OLD.tourist_id), (OLD.guide_id)) p(user_id)
    WHERE m.conversation_id = OLD.id AND m.read_at IS NULL AND m.sender_id <> p.user_id
      AND EXISTS (SELECT 1 FROM users x WHERE x.id = p.user_id)
    GROUP BY p.user_id ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET n = u.n + excluded.n;
  RETURN OLD;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER conversations_unread_gone BEFORE DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION lokal_unread_conversation_gone();
