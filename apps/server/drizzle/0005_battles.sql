CREATE TABLE "battle_drops" (
	"battle_id" bigint NOT NULL,
	"round" smallint NOT NULL,
	"seat" smallint NOT NULL,
	"case_id" integer NOT NULL,
	"odds_id" integer NOT NULL,
	"ticket" integer NOT NULL,
	"item_key" text NOT NULL,
	"item_price" bigint NOT NULL,
	"to_seat" smallint,
	"inventory_item_id" bigint,
	CONSTRAINT "battle_drops_battle_id_round_seat_pk" PRIMARY KEY("battle_id","round","seat")
);
--> statement-breakpoint
CREATE TABLE "battle_seats" (
	"battle_id" bigint NOT NULL,
	"seat" smallint NOT NULL,
	"user_id" integer,
	"is_bot" boolean DEFAULT false NOT NULL,
	"client_seed" text,
	"paid" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_seats_battle_id_seat_pk" PRIMARY KEY("battle_id","seat"),
	CONSTRAINT "battle_seats_seat_valid" CHECK ("battle_seats"."seat" between 1 and 4),
	CONSTRAINT "battle_seats_bot_or_player" CHECK (("battle_seats"."is_bot" and "battle_seats"."user_id" is null) or (not "battle_seats"."is_bot" and "battle_seats"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ulid" text NOT NULL,
	"creator_id" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"mode" text NOT NULL,
	"seats" smallint NOT NULL,
	"cases" jsonb NOT NULL,
	"round_count" smallint NOT NULL,
	"price" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"current_round" smallint DEFAULT 0 NOT NULL,
	"next_round_at" timestamp with time zone,
	"spectators" integer DEFAULT 0 NOT NULL,
	"winner_team" smallint,
	"tie_break_ticket" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "battles_ulid_unique" UNIQUE("ulid"),
	CONSTRAINT "battles_status_known" CHECK ("battles"."status" in ('created', 'started', 'finished', 'cancelled')),
	CONSTRAINT "battles_rounds_valid" CHECK ("battles"."round_count" between 1 and 50 and "battles"."current_round" between 0 and "battles"."round_count"),
	CONSTRAINT "battles_spectators_non_negative" CHECK ("battles"."spectators" >= 0)
);
--> statement-breakpoint
ALTER TABLE "battle_drops" ADD CONSTRAINT "battle_drops_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_seats" ADD CONSTRAINT "battle_seats_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_seats" ADD CONSTRAINT "battle_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "battle_seats_player_idx" ON "battle_seats" USING btree ("battle_id","user_id");--> statement-breakpoint
CREATE INDEX "battle_seats_user_idx" ON "battle_seats" USING btree ("user_id","battle_id");--> statement-breakpoint
CREATE INDEX "battles_status_idx" ON "battles" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "battles_due_idx" ON "battles" USING btree ("next_round_at") WHERE "battles"."status" = 'started';