-- Prices that follow the market (decision 078): each price run with its lease and counts, every change of an item's price, the skins the last list lacked, and the cases out of the RTP band with a proposed odds table.
CREATE TABLE "price_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"list_time" timestamp with time zone,
	"seen" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"flagged_cases" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "price_runs_state_known" CHECK ("price_runs"."state" in ('running', 'done', 'failed', 'abandoned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_runs_one_running" ON "price_runs" USING btree ((true)) WHERE "price_runs"."state" = 'running';
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"old_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_item_key_catalogue_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."catalogue_items"("key") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_run_id_price_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_runs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "price_history_item_idx" ON "price_history" USING btree ("item_key","id");
--> statement-breakpoint
CREATE INDEX "price_history_run_idx" ON "price_history" USING btree ("run_id");
--> statement-breakpoint
CREATE TABLE "price_missing" (
	"item_key" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_missing" ADD CONSTRAINT "price_missing_item_key_catalogue_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."catalogue_items"("key") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_missing" ADD CONSTRAINT "price_missing_run_id_price_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_runs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "case_band_flags" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"odds_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"rtp" double precision NOT NULL,
	"rtp_at_version" double precision NOT NULL,
	"band_min" double precision NOT NULL,
	"band_max" double precision NOT NULL,
	"proposal" jsonb,
	"proposal_rtp" double precision,
	"simulated_rtp" double precision,
	"simulated_error" double precision,
	"simulated_openings" integer,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_band_flags" ADD CONSTRAINT "case_band_flags_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "case_band_flags" ADD CONSTRAINT "case_band_flags_run_id_price_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_runs"("id") ON DELETE no action ON UPDATE no action;
