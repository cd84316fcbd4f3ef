CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"items" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"outcomes" jsonb NOT NULL,
	"item_key" text NOT NULL,
	"item_price" bigint NOT NULL,
	"inventory_item_id" bigint NOT NULL,
	"seed_pair_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"cursor" integer NOT NULL,
	"ticket" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"items" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"target_key" text NOT NULL,
	"target_price" bigint NOT NULL,
	"win_tickets" integer NOT NULL,
	"reversed" boolean NOT NULL,
	"success" boolean NOT NULL,
	"win_item_id" bigint,
	"coins_prize" bigint DEFAULT 0 NOT NULL,
	"seed_pair_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"cursor" integer NOT NULL,
	"ticket" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_seed_pair_id_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrades" ADD CONSTRAINT "upgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrades" ADD CONSTRAINT "upgrades_seed_pair_id_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "upgrades_user_idx" ON "upgrades" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "upgrades_success_idx" ON "upgrades" USING btree ("success","id");