ALTER TABLE "conversations" ADD COLUMN "guide_wrote_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "tourist_wrote_at" timestamp with time zone;--> statement-breakpoint
-- Each side's first text message, from the messages already stored.
UPDATE "conversations" c SET
  "guide_wrote_at" = (SELECT min(m.created_at) FROM "messages" m
    WHERE m.conversation_id = c.id AND m.sender_id = c.guide_id AND m.kind = 'text'),
  "tourist_wrote_at" = (SELECT min(m.created_at) FROM "messages" m
    WHERE m.conversation_id = c.id AND m.sender_id = c.tourist_id AND m.kind = 'text');--> statement-breakpoint
-- New text messages set the time a side first wrote, once, for every writer (chat, seeds). Per statement with
-- the inserted rows, so a bulk insert costs one update, and a conversation already marked is not written again.
CREATE OR REPLACE FUNCTION lokal_conversation_first_texts() RETURNS trigger AS $$
BEGIN
  UPDATE conversations c SET
    guide_wrote_at = coalesce(c.guide_wrote_at, f.guide_at),
    tourist_wrote_at = coalesce(c.tourist_wrote_at, f.tourist_at)
  FROM (
    SELECT n.conversation_id,
      min(n.created_at) FILTER (WHERE n.sender_id = x.guide_id) AS guide_at,
      min(n.created_at) FILTER (WHERE n.sender_id = x.tourist_id) AS tourist_at
    FROM inserted n JOIN conversations x ON x.id = n.conversation_id
    WHERE n.kind = 'text'
    GROUP BY n.conversation_id
  ) f
  WHERE c.id = f.conversation_id
    AND ((c.guide_wrote_at IS NULL AND f.guide_at IS NOT NULL)
      OR (c.tourist_wrote_at IS NULL AND f.tourist_at IS NOT NULL));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_first_texts AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lokal_conversation_first_texts();--> statement-breakpoint
CREATE INDEX "conversations_tourist_requests_idx" ON "conversations" USING btree ("tourist_id","created_at","tourist_wrote_at") WHERE "conversations"."started_by" = "conversations"."guide_id" and "conversations"."guide_wrote_at" is not null;
