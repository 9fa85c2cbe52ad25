CREATE TABLE "bot_check_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_check_uses_expires_idx" ON "bot_check_uses" USING btree ("expires_at");