CREATE TABLE "calendar_busy" (
	"import_id" uuid NOT NULL,
	"guide_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_guide_idx" ON "calendar_busy" USING btree ("guide_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_import_idx" ON "calendar_busy" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "calendar_imports_guide_idx" ON "calendar_imports" USING btree ("guide_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_imports_guide_url_idx" ON "calendar_imports" USING btree ("guide_id","url");