ALTER TABLE "tourist_profiles" ADD COLUMN "travel_from" date;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "travel_to" date;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD COLUMN "party_size" smallint;