CREATE TABLE "daily_case_claims" (
	"user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "daily_case_claims_user_id_case_id_pk" PRIMARY KEY("user_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "free_openings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"expires_at" timestamp with time zone,
	"spent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_openings_source_ref_unique" UNIQUE("source_ref")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" jsonb NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_outbox_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"daily_cases" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_levels" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"exp" bigint DEFAULT 0 NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"was_generated" boolean DEFAULT false NOT NULL,
	"generated_exp" bigint DEFAULT 0 NOT NULL,
	"first_deposit" bigint,
	"last_deposit_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"channels" jsonb NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_notifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "daily" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_case_claims" ADD CONSTRAINT "daily_case_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_case_claims" ADD CONSTRAINT "daily_case_claims_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_openings" ADD CONSTRAINT "free_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_openings" ADD CONSTRAINT "free_openings_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_levels" ADD CONSTRAINT "player_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_case_claims_due_idx" ON "daily_case_claims" USING btree ("ready_at") WHERE "daily_case_claims"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "free_openings_user_idx" ON "free_openings" USING btree ("user_id") WHERE "free_openings"."spent_at" is null;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."sent_at" is null;--> statement-breakpoint
-- Experience moves from users to the levels module, which the experience consumer of the
-- activity stream keeps from now on (decision 015). The stream so far is already counted: the
-- consumer starts after its last row.
-- Levels of the moved experience are set by the server at its next start (levels module).
INSERT INTO player_levels (user_id, exp, level) SELECT id, exp, 0 FROM users WHERE exp > 0;--> statement-breakpoint
INSERT INTO activity_consumers (name, last_tx_id, last_id)
SELECT 'experience', coalesce(max(tx_id), 0), coalesce(max(id), 0) FROM activities
WHERE tx_id = (SELECT max(tx_id) FROM activities) OR NOT EXISTS (SELECT 1 FROM activities)
ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "exp";--> statement-breakpoint
-- An operator's lock refuses a case like a switched-off one (spec §5).
CREATE OR REPLACE FUNCTION store_openable_case(p_slug text) RETURNS cases
LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
BEGIN
  SELECT * INTO c FROM cases WHERE slug = p_slug;
  IF NOT FOUND OR c.status = 'hidden' OR c.odds_id IS NULL THEN RAISE EXCEPTION 'caseNotFound' USING ERRCODE = 'P0001'; END IF;
  IF NOT c.available OR c.locked OR c.status <> 'active' THEN RAISE EXCEPTION 'case_not_available' USING ERRCODE = 'P0001'; END IF;
  RETURN c;
END;
$$;
--> statement-breakpoint
-- A paid opening as one server-side call: the case and count checks, the every-N-free counter,
-- the roll (store_roll_case), the conditional debit with its ledger row, the player's counters and
-- the opening's activity row, from which the experience consumer credits the experience (the
-- answer reports what it will credit). Everything happens or, on any refusal, nothing (a refused
-- open does not even use up a nonce). Refusals raise SQLSTATE P0001 with a catalogue code as the
-- message; a sold-out box is refused before a short balance, as the roll takes the opens first.
-- A case above the player's level is refused; a level case is never sold: the caller opens it
-- free through the levels module when told 'daily_case'.
CREATE OR REPLACE FUNCTION store_open_case(
  p_user integer, p_slug text, p_count integer, p_batch text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
  v_free integer := 0;
  v_after integer;
  v_total bigint;
  v_balance bigint;
  v_nickname text;
  v_roll json;
BEGIN
  c := store_openable_case(p_slug);
  IF c.daily THEN RAISE EXCEPTION 'daily_case' USING ERRCODE = 'P0001'; END IF;
  IF c.level > 1 AND c.level > coalesce((SELECT level FROM player_levels WHERE user_id = p_user), 1) THEN
    RAISE EXCEPTION 'case_level_locked' USING ERRCODE = 'P0001';
  END IF;
  IF c.multifix IS NOT NULL AND p_count <> c.multifix
     OR c.multifix IS NULL AND c.multicast_from IS NOT NULL AND (p_count < c.multicast_from OR p_count > c.multicast_to)
     OR c.multifix IS NULL AND c.multicast_from IS NULL AND (p_count < 1 OR p_count > c.max_multi_open) THEN
    RAISE EXCEPTION 'validation' USING ERRCODE = 'P0001';
  END IF;

  IF c.every_n_open_free IS NOT NULL THEN
    INSERT INTO user_case_opens (user_id, case_id, opens) VALUES (p_user, c.id, p_count)
    ON CONFLICT (user_id, case_id) DO UPDATE SET opens = user_case_opens.opens + excluded.opens
    RETURNING opens INTO v_after;
    v_free := v_after / c.every_n_open_free - (v_after - p_count) / c.every_n_open_free;
  END IF;

  v_roll := store_roll_case(p_user, c, p_count, v_free, c.price, p_batch, 'case_open:' || p_batch);

  v_total := c.price * (p_count - v_free);
  UPDATE wallets SET amount = amount - v_total
   WHERE user_id = p_user AND currency = 'GOLD' AND amount >= v_total
  RETURNING amount INTO v_balance;
  IF NOT FOUND THEN RAISE EXCEPTION 'balance_error' USING ERRCODE = 'P0001'; END IF;
  IF v_total > 0 THEN
    INSERT INTO ledger (user_id, currency, delta, balance_after, reason, ref, meta)
    VALUES (p_user, 'GOLD', -v_total, v_balance, 'case_open', 'case_open:' || p_batch,
            json_build_object('case', c.slug, 'count', p_count, 'free', v_free));
  END IF;

  UPDATE users SET cases_opened = cases_opened + p_count, spent = spent + v_total
   WHERE id = p_user RETURNING nickname INTO v_nickname;

  -- The opening in the activity stream (decision 013), in this same transaction and round trip.
  INSERT INTO activities (kind, user_id, amount, won, count, ref)
  VALUES ('case_open', p_user, v_total, (v_roll->>'won')::bigint, p_count, 'case_open:' || p_batch);

  RETURN json_build_object('balance', v_balance, 'exp', store_exp_for_spend(v_total), 'free', v_free, 'nickname', v_nickname,
                           'server_seed_hash', v_roll->>'server_seed_hash', 'client_seed', v_roll->>'client_seed',
                           'rolls', v_roll->'rolls', 'created_at', v_roll->'created_at',
                           'case', json_build_object('id', c.id, 'slug', c.slug, 'name_ru', c.name_ru, 'name_en', c.name_en,
                                                     'image_url', c.image_url, 'price', c.price));
END;
$$;--> statement-breakpoint
-- A promo code may give a free opening of a case (decision 015).
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_kind_known";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_kind_known" CHECK ("promo_codes"."kind" in ('common', 'instant', 'blogger', 'case'));
