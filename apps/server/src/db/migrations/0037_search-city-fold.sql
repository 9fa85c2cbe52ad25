-- The city filter forgives accents and case like the name search (docs/decisions/092-search-normalized.md): it
-- compares lokal_search_fold(city), so the per-city indexes of each sort hold the folded city instead of lower().
DROP INDEX "guide_profiles_city_rating_idx";--> statement-breakpoint
DROP INDEX "guide_profiles_city_price_min_idx";--> statement-breakpoint
DROP INDEX "guide_profiles_city_price_max_idx";--> statement-breakpoint
DROP INDEX "guide_profiles_city_rank_idx";--> statement-breakpoint
CREATE INDEX "guide_profiles_city_rating_idx" ON "guide_profiles" USING btree (lokal_search_fold("city"),"rating" DESC NULLS LAST,"user_id") WHERE "guide_profiles"."listed";--> statement-breakpoint
CREATE INDEX "guide_profiles_city_price_min_idx" ON "guide_profiles" USING btree (lokal_search_fold("city"),"price_min","user_id") WHERE "guide_profiles"."listed";--> statement-breakpoint
CREATE INDEX "guide_profiles_city_price_max_idx" ON "guide_profiles" USING btree (lokal_search_fold("city"),"price_max" DESC NULLS LAST,"user_id") WHERE "guide_profiles"."listed";--> statement-breakpoint
CREATE INDEX "guide_profiles_city_rank_idx" ON "guide_profiles" USING btree (lokal_search_fold("city"),"verified" DESC NULLS LAST,"rating" DESC NULLS LAST,"user_id") WHERE "guide_profiles"."listed";