CREATE TABLE "leaderboard_entries" (
	"leaderboard_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"reached_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_entries_leaderboard_id_user_id_pk" PRIMARY KEY("leaderboard_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_prizes" (
	"leaderboard_id" integer NOT NULL,
	"place" smallint NOT NULL,
	"item_key" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "leaderboard_prizes_leaderboard_id_place_pk" PRIMARY KEY("leaderboard_id","place")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leaderboard_id" integer NOT NULL,
	"place" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"spent" bigint NOT NULL,
	"won" bigint NOT NULL,
	"item_key" text NOT NULL,
	"price" bigint NOT NULL,
	"inventory_item_id" bigint,
	"paid_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_results_place_unique" UNIQUE("leaderboard_id","place")
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text,
	"repeats" text,
	"type" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"description_ru" text NOT NULL,
	"description_en" text NOT NULL,
	"image" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_series_start_unique" UNIQUE("series","starts_at")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_results" ADD CONSTRAINT "leaderboard_results_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_results" ADD CONSTRAINT "leaderboard_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_order_idx" ON "leaderboard_entries" USING btree ("leaderboard_id","score" desc,"reached_id","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_results_unpaid_idx" ON "leaderboard_results" USING btree ("id") WHERE "leaderboard_results"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "leaderboard_results_user_idx" ON "leaderboard_results" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leaderboards_status_idx" ON "leaderboards" USING btree ("status","ends_at");--> statement-breakpoint
-- A board is running until its close freezes it; what it counts is one of LEADERBOARD_TYPES
-- (packages/shared/src/leaderboards.ts). Scores only ever grow, and a period has a length.
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_status_check" CHECK ("status" IN ('running', 'closed'));--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_repeats_check" CHECK ("repeats" IS NULL OR ("repeats" = 'weekly' AND "series" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_type_check" CHECK ("type" IN ('spent', 'won', 'cases_opened', 'battles_won', 'upgrade_wins'));--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_period_check" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_score_check" CHECK ("score" >= 0 AND "spent" >= 0 AND "won" >= 0);--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_place_check" CHECK ("place" >= 1 AND "price" >= 0);--> statement-breakpoint
-- A paid prize names the item it became, and only a paid one does.
ALTER TABLE "leaderboard_results" ADD CONSTRAINT "leaderboard_results_paid_check" CHECK (("paid_at" IS NULL) = ("inventory_item_id" IS NULL));
