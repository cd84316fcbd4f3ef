CREATE TABLE "offer_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"description_ru" text NOT NULL,
	"description_en" text NOT NULL,
	"image_url" text,
	"price" bigint NOT NULL,
	"old_price" bigint NOT NULL,
	"cases" jsonb NOT NULL,
	"bonus_coins" bigint DEFAULT 0 NOT NULL,
	"bonus_money" bigint DEFAULT 0 NOT NULL,
	"label" text,
	"label_color" text,
	"label_name_ru" text,
	"label_name_en" text,
	"is_secret" boolean DEFAULT false NOT NULL,
	"trigger_type" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_name_unique" UNIQUE("name"),
	CONSTRAINT "offers_sold_within_limit" CHECK ("offers"."total_limit" = 0 or "offers"."sold" <= "offers"."total_limit"),
	CONSTRAINT "offers_prices_valid" CHECK ("offers"."price" > 0 and "offers"."old_price" >= "offers"."price")
);
--> statement-breakpoint
CREATE TABLE "user_triggers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"trigger_type" text NOT NULL,
	"fired_on" text NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text
);
--> statement-breakpoint
ALTER TABLE "offer_purchases" ADD CONSTRAINT "offer_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_purchases" ADD CONSTRAINT "offer_purchases_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_triggers" ADD CONSTRAINT "user_triggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_triggers" ADD CONSTRAINT "user_triggers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_purchases_user_offer_idx" ON "offer_purchases" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_triggers_daily_idx" ON "user_triggers" USING btree ("user_id","trigger_type","fired_on");--> statement-breakpoint
CREATE INDEX "user_triggers_open_idx" ON "user_triggers" USING btree ("user_id","id") WHERE "user_triggers"."closed_at" is null;