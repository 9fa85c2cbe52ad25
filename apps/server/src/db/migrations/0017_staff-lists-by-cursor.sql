DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "reviews_subject_idx";--> statement-breakpoint
DROP INDEX "reports_open_idx";--> statement-breakpoint
CREATE INDEX "invites_created_idx" ON "invites" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "invites_email_trgm_idx" ON "invites" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "waitlist_created_idx" ON "waitlist" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_email_idx" ON "waitlist" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_resolved_idx" ON "reports" USING btree ("resolved_at","id") WHERE "reports"."resolved_at" is not null;--> statement-breakpoint
CREATE INDEX "guide_profiles_waiting_idx" ON "guide_profiles" USING btree (coalesce("verification_requested_at", "created_at"),"user_id") WHERE "guide_profiles"."verification_status" = 'pending';--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","published_at","id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."resolved_at" is null;