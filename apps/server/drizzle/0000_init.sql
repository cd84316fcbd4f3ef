CREATE TABLE "case_odds" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"ranges" jsonb NOT NULL,
	"rtp_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_opens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch" text NOT NULL,
	"user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"odds_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"seed_pair_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"cursor" integer NOT NULL,
	"ticket" integer NOT NULL,
	"item_key" text NOT NULL,
	"item_price" bigint NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"inventory_item_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"section_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"old_price" bigint,
	"available" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"volatility" smallint DEFAULT 2 NOT NULL,
	"max_multi_open" smallint DEFAULT 5 NOT NULL,
	"label" jsonb,
	"multifix" smallint,
	"multicast_from" smallint,
	"multicast_to" smallint,
	"every_n_open_free" integer,
	"opens_limit" integer,
	"opens_count" integer DEFAULT 0 NOT NULL,
	"battle_allowed" boolean DEFAULT true NOT NULL,
	"color" text DEFAULT '#e4ae39' NOT NULL,
	"image_url" text,
	"odds_id" integer,
	CONSTRAINT "cases_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cases_opens_within_limit" CHECK ("cases"."opens_limit" is null or "cases"."opens_count" <= "cases"."opens_limit")
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"key" text PRIMARY KEY NOT NULL,
	"market_name" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"weapon_ru" text NOT NULL,
	"weapon_en" text NOT NULL,
	"skin_ru" text,
	"skin_en" text,
	"rarity" text NOT NULL,
	"quality" text,
	"stattrak" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"price" bigint NOT NULL,
	"image_url" text
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text NOT NULL,
	"shard" smallint NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'progress' NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_event" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"appearance" jsonb NOT NULL,
	CONSTRAINT "sections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "seed_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_case_opens" (
	"user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_case_opens_user_id_case_id_pk" PRIMARY KEY("user_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"reg_type" text DEFAULT 'quick' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_fake" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"city" text,
	"country" text,
	"ip" text,
	"steam_link" text,
	"steam_login" text,
	"exp" bigint DEFAULT 0 NOT NULL,
	"cases_opened" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallets_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "wallets_amount_non_negative" CHECK ("wallets"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "case_odds" ADD CONSTRAINT "case_odds_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_opens" ADD CONSTRAINT "case_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_opens" ADD CONSTRAINT "case_opens_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_opens" ADD CONSTRAINT "case_opens_odds_id_case_odds_id_fk" FOREIGN KEY ("odds_id") REFERENCES "public"."case_odds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_opens" ADD CONSTRAINT "case_opens_seed_pair_id_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_item_key_catalogue_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."catalogue_items"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seed_pairs" ADD CONSTRAINT "seed_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_case_opens" ADD CONSTRAINT "user_case_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_case_opens" ADD CONSTRAINT "user_case_opens_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_opens_user_idx" ON "case_opens" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "case_opens_top_idx" ON "case_opens" USING btree ("is_top","id");--> statement-breakpoint
CREATE INDEX "inventory_user_status_idx" ON "inventory_items" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_pairs_active_idx" ON "seed_pairs" USING btree ("user_id") WHERE "seed_pairs"."active";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");