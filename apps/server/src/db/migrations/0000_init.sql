CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"display_name" text,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"profession" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"total_tours" integer DEFAULT 0 NOT NULL,
	"price_min" integer DEFAULT 0 NOT NULL,
	"price_max" integer DEFAULT 0 NOT NULL,
	"specialties" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"response_time" text DEFAULT 'within a day' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"tour_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"showcase_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tourist_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"occupation" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"profile_images" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"budget_min" integer NOT NULL,
	"budget_max" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"looking_for" text[] DEFAULT '{}' NOT NULL,
	"availability" jsonb NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"acceptance_rate" integer DEFAULT 0 NOT NULL,
	"requests_last_30_days" integer DEFAULT 0 NOT NULL,
	"showcase_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_profiles" ADD CONSTRAINT "guide_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tourist_profiles" ADD CONSTRAINT "tourist_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));