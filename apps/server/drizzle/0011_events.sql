CREATE TABLE "event_pass_claims" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"prize_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_pass_claims_event_id_user_id_level_pk" PRIMARY KEY("event_id","user_id","level")
);
--> statement-breakpoint
CREATE TABLE "event_pass_levels" (
	"event_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"threshold" integer NOT NULL,
	"reward_money" bigint DEFAULT 0 NOT NULL,
	"reward_coins" bigint DEFAULT 0 NOT NULL,
	"reward_case_id" integer,
	"reward_case_amount" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_pass_levels_event_id_level_pk" PRIMARY KEY("event_id","level"),
	CONSTRAINT "event_pass_levels_reward" CHECK ("event_pass_levels"."reward_money" >= 0 and "event_pass_levels"."reward_coins" >= 0 and "event_pass_levels"."reward_case_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_players" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"coins_earned" bigint DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_players_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_raffle_prizes" (
	"event_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"item_key" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "event_raffle_prizes_event_id_position_pk" PRIMARY KEY("event_id","position")
);
--> statement-breakpoint
CREATE TABLE "event_raffle_results" (
	"event_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	"ticket" integer NOT NULL,
	"tickets_in_draw" integer NOT NULL,
	"inventory_item_id" bigint,
	"granted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_raffle_results_event_id_position_pk" PRIMARY KEY("event_id","position")
);
--> statement-breakpoint
CREATE TABLE "event_task_progress" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "event_task_progress_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"type" text NOT NULL,
	"target" bigint NOT NULL,
	"section_ids" integer[],
	"description_ru" text NOT NULL,
	"description_en" text NOT NULL,
	"reward_money" bigint DEFAULT 0 NOT NULL,
	"reward_coins" bigint DEFAULT 0 NOT NULL,
	"reward_case_id" integer,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_tasks_target" CHECK ("event_tasks"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"subtitle_ru" text NOT NULL,
	"subtitle_en" text NOT NULL,
	"full_name_ru" text NOT NULL,
	"full_name_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"claim_until" timestamp with time zone NOT NULL,
	"tabs" text[] NOT NULL,
	"look" jsonb NOT NULL,
	"raffle_seed" text NOT NULL,
	"raffle_seed_hash" text NOT NULL,
	"coins_per_ticket" integer DEFAULT 100 NOT NULL,
	"top_leaderboard_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"drawn_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_status_known" CHECK ("events"."status" in ('running', 'closed')),
	CONSTRAINT "events_period" CHECK ("events"."ends_at" > "events"."starts_at" and "events"."claim_until" >= "events"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "case_opens" ADD COLUMN "coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "currency" text DEFAULT 'GOLD' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "coins_min" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "coins_max" integer;--> statement-breakpoint
ALTER TABLE "event_pass_claims" ADD CONSTRAINT "event_pass_claims_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pass_claims" ADD CONSTRAINT "event_pass_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pass_levels" ADD CONSTRAINT "event_pass_levels_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_pass_levels" ADD CONSTRAINT "event_pass_levels_reward_case_id_cases_id_fk" FOREIGN KEY ("reward_case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_players" ADD CONSTRAINT "event_players_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_players" ADD CONSTRAINT "event_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_raffle_prizes" ADD CONSTRAINT "event_raffle_prizes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_raffle_results" ADD CONSTRAINT "event_raffle_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_raffle_results" ADD CONSTRAINT "event_raffle_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_task_progress" ADD CONSTRAINT "event_task_progress_task_id_event_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."event_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_task_progress" ADD CONSTRAINT "event_task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tasks" ADD CONSTRAINT "event_tasks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tasks" ADD CONSTRAINT "event_tasks_reward_case_id_cases_id_fk" FOREIGN KEY ("reward_case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_top_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("top_leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_task_progress_user_idx" ON "event_task_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_tasks_event_idx" ON "event_tasks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_period_idx" ON "events" USING btree ("starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_currency_known" CHECK ("cases"."currency" in ('GOLD', 'TASTY_COIN'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_coins_range" CHECK (("cases"."coins_min" is null) = ("cases"."coins_max" is null) and ("cases"."coins_min" is null or 0 <= "cases"."coins_min" and "cases"."coins_min" <= "cases"."coins_max"));--> statement-breakpoint
UPDATE wallets SET currency = 'TASTY_COIN' WHERE currency = 'COIN';--> statement-breakpoint
UPDATE ledger SET currency = 'TASTY_COIN' WHERE currency = 'COIN';--> statement-breakpoint
-- A season's coin counters, in the transaction of each coin movement (decision 017): coins
-- credited while an event runs climb its pass, coins paid for coin cases buy raffle tickets.
-- The trigger fires for coin rows only, so a GOLD movement pays nothing for it.
CREATE OR REPLACE FUNCTION store_event_coins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_players AS p (event_id, user_id, coins_earned, coins_spent)
  SELECT e.id, NEW.user_id, greatest(NEW.delta, 0), CASE WHEN NEW.delta < 0 AND NEW.reason = 'case_open' THEN -NEW.delta ELSE 0 END
    FROM events e
   WHERE e.status = 'running' AND e.starts_at <= NEW.created_at AND NEW.created_at < e.ends_at
  ON CONFLICT (event_id, user_id) DO UPDATE
     SET coins_earned = p.coins_earned + excluded.coins_earned, coins_spent = p.coins_spent + excluded.coins_spent, updated_at = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_event_coins AFTER INSERT ON ledger FOR EACH ROW WHEN (NEW.currency = 'TASTY_COIN') EXECUTE FUNCTION store_event_coins();--> statement-breakpoint
-- The whole event coins of an opening's coin ticket: the SQL twin of coinsFromTicket in
-- packages/shared/src/events.ts (the server tests compare them).
CREATE OR REPLACE FUNCTION store_coins_from_ticket(p_ticket integer, p_min integer, p_max integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT least(p_min, p_max) + floor((p_ticket - 1)::numeric * (greatest(p_min, p_max) - least(p_min, p_max) + 1) / 100000)::integer
$$;--> statement-breakpoint
-- The HMAC key pads of a server seed (0001's store_hmac_sha256 in two steps): a roll of several
-- boxes, or of an event case's coins beside each item, computes them once per seed instead of once
-- per ticket; the pads are 128 byte operations in PL/pgSQL, most of a ticket's cost.
CREATE OR REPLACE FUNCTION store_hmac_pads(p_key bytea, OUT ipad bytea, OUT opad bytea)
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  k bytea := p_key;
BEGIN
  IF length(k) > 64 THEN k := sha256(k); END IF;
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  ipad := k;
  opad := k;
  FOR i IN 0..63 LOOP
    ipad := set_byte(ipad, i, get_byte(k, i) # 54);
    opad := set_byte(opad, i, get_byte(k, i) # 92);
  END LOOP;
END;
$$;--> statement-breakpoint
-- The provably-fair ticket of DESIGN from a seed's pads (the same as store_roll_ticket).
CREATE OR REPLACE FUNCTION store_padded_ticket(p_ipad bytea, p_opad bytea, p_client_seed text, p_nonce integer, p_cursor integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  d bytea := sha256(p_opad || sha256(p_ipad || convert_to(p_client_seed || ':' || p_nonce || ':' || p_cursor, 'UTF8')));
  u bigint := (get_byte(d, 0)::bigint << 24) + (get_byte(d, 1) << 16) + (get_byte(d, 2) << 8) + get_byte(d, 3);
BEGIN
  RETURN floor(u::numeric / 4294967296 * 100000)::integer + 1;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_roll_ticket(p_server_seed text, p_client_seed text, p_nonce integer, p_cursor integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT store_padded_ticket(p.ipad, p.opad, p_client_seed, p_nonce, p_cursor) FROM store_hmac_pads(convert_to(p_server_seed, 'UTF8')) p
$$;--> statement-breakpoint
-- The roll of a case (0008), now also rolling an event case's coins: each opening's coins come
-- from its own nonce at cursor 1 (the item is cursor 0), are recorded on its case_opens row and
-- credited to the coin wallet with one ledger row for the roll. The seed's HMAC pads are made once.
CREATE OR REPLACE FUNCTION store_roll_case(
  p_user integer, c cases, p_count integer, p_free integer, p_price bigint, p_batch text, p_source_ref text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  s seed_pairs%ROWTYPE;
  v_pads record;
  v_created timestamptz := now();
  v_ranges jsonb;
  v_ticket integer;
  v_item text;
  v_item_price bigint;
  v_top boolean;
  v_inv bigint;
  v_open bigint;
  v_coins integer;
  v_coins_total integer := 0;
  v_coin_balance bigint;
  v_rolls json[] := '{}';
  v_won bigint := 0;
BEGIN
  IF c.opens_limit IS NOT NULL THEN
    UPDATE cases SET opens_count = opens_count + p_count WHERE id = c.id AND opens_count + p_count <= opens_limit;
    IF NOT FOUND THEN RAISE EXCEPTION 'case_not_available' USING ERRCODE = 'P0001'; END IF;
  END IF;

  UPDATE seed_pairs SET nonce = nonce + p_count WHERE user_id = p_user AND active RETURNING * INTO s;
  IF NOT FOUND THEN RAISE EXCEPTION 'no_seed_pair' USING ERRCODE = 'P0001'; END IF;
  SELECT ranges INTO v_ranges FROM case_odds WHERE id = c.odds_id;
  SELECT * INTO v_pads FROM store_hmac_pads(convert_to(s.server_seed, 'UTF8'));

  FOR i IN 1..p_count LOOP
    v_ticket := store_padded_ticket(v_pads.ipad, v_pads.opad, s.client_seed, s.nonce - p_count + i, 0);
    SELECT r.item INTO v_item FROM jsonb_to_recordset(v_ranges) AS r(item text, "from" integer, "to" integer)
     WHERE v_ticket BETWEEN r."from" AND r."to";
    SELECT price INTO v_item_price FROM catalogue_items WHERE key = v_item;
    -- A top drop for the live ribbon: worth five cases or 1000 GOLD.
    v_top := v_item_price >= c.price * 5 OR v_item_price >= 100000;
    v_won := v_won + v_item_price;
    v_coins := CASE WHEN c.coins_min IS NULL THEN 0
                    ELSE store_coins_from_ticket(store_padded_ticket(v_pads.ipad, v_pads.opad, s.client_seed, s.nonce - p_count + i, 1), c.coins_min, c.coins_max) END;
    v_coins_total := v_coins_total + v_coins;
    INSERT INTO inventory_items (user_id, item_key, price, status, source, source_ref, created_at, updated_at)
    VALUES (p_user, v_item, v_item_price, 'progress', 'Case', p_source_ref, v_created, v_created)
    RETURNING id INTO v_inv;
    INSERT INTO case_opens (batch, user_id, case_id, odds_id, price, seed_pair_id, server_seed_hash, client_seed,
                            nonce, cursor, ticket, item_key, item_price, free, is_top, inventory_item_id, created_at, coins)
    VALUES (p_batch, p_user, c.id, c.odds_id, CASE WHEN i > p_count - p_free THEN 0 ELSE p_price END, s.id, s.server_seed_hash,
            s.client_seed, s.nonce - p_count + i, 0, v_ticket, v_item, v_item_price, i > p_count - p_free, v_top, v_inv, v_created, v_coins)
    RETURNING id INTO v_open;
    v_rolls := v_rolls || json_build_object('open_id', v_open, 'inventory_id', v_inv, 'nonce', s.nonce - p_count + i,
      'ticket', v_ticket, 'item', v_item, 'price', v_item_price, 'top', v_top, 'coins', v_coins);
  END LOOP;

  IF v_coins_total > 0 THEN
    INSERT INTO wallets AS w (user_id, currency, amount) VALUES (p_user, 'TASTY_COIN', v_coins_total * 100)
    ON CONFLICT (user_id, currency) DO UPDATE SET amount = w.amount + excluded.amount
    RETURNING amount INTO v_coin_balance;
    INSERT INTO ledger (user_id, currency, delta, balance_after, reason, ref, meta)
    VALUES (p_user, 'TASTY_COIN', v_coins_total * 100, v_coin_balance, 'event_case_coins', p_source_ref,
            json_build_object('case', c.slug, 'count', p_count));
  END IF;

  RETURN json_build_object('server_seed_hash', s.server_seed_hash, 'client_seed', s.client_seed,
                           'rolls', array_to_json(v_rolls), 'won', v_won, 'created_at', v_created, 'coins', v_coins_total);
END;
$$;--> statement-breakpoint
-- A paid opening (0009), now paid in the case's currency: a coin case takes event coins (refused
-- with coins_error when short) and spends no GOLD, so it earns no experience and no spending
-- score; the activity row still counts it as cases opened, and names the case (the event's tasks
-- count openings by section). The answer carries both balances.
CREATE OR REPLACE FUNCTION store_open_case(
  p_user integer, p_slug text, p_count integer, p_batch text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
  v_free integer := 0;
  v_after integer;
  v_total bigint;
  v_gold bigint;
  v_paid_balance bigint;
  v_balance bigint;
  v_coin_balance bigint;
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
   WHERE user_id = p_user AND currency = c.currency AND amount >= v_total
  RETURNING amount INTO v_paid_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION '%', CASE WHEN c.currency = 'GOLD' THEN 'balance_error' ELSE 'coins_error' END USING ERRCODE = 'P0001';
  END IF;
  IF v_total > 0 THEN
    INSERT INTO ledger (user_id, currency, delta, balance_after, reason, ref, meta)
    VALUES (p_user, c.currency, -v_total, v_paid_balance, 'case_open', 'case_open:' || p_batch,
            json_build_object('case', c.slug, 'count', p_count, 'free', v_free));
  END IF;
  v_gold := CASE WHEN c.currency = 'GOLD' THEN v_total ELSE 0 END;
  IF c.currency = 'GOLD' THEN
    v_balance := v_paid_balance;
  ELSE
    SELECT amount INTO v_balance FROM wallets WHERE user_id = p_user AND currency = 'GOLD';
  END IF;
  SELECT amount INTO v_coin_balance FROM wallets WHERE user_id = p_user AND currency = 'TASTY_COIN';

  UPDATE users SET cases_opened = cases_opened + p_count, spent = spent + v_gold
   WHERE id = p_user RETURNING nickname INTO v_nickname;

  -- The opening in the activity stream (decision 013), in this same transaction and round trip.
  INSERT INTO activities (kind, user_id, amount, won, count, ref, case_id)
  VALUES ('case_open', p_user, v_gold, (v_roll->>'won')::bigint, p_count, 'case_open:' || p_batch, c.id);

  RETURN json_build_object('balance', coalesce(v_balance, 0), 'coin_balance', coalesce(v_coin_balance, 0),
                           'exp', store_exp_for_spend(v_gold), 'free', v_free, 'nickname', v_nickname,
                           'server_seed_hash', v_roll->>'server_seed_hash', 'client_seed', v_roll->>'client_seed',
                           'rolls', v_roll->'rolls', 'created_at', v_roll->'created_at', 'coins', v_roll->'coins',
                           'case', json_build_object('id', c.id, 'slug', c.slug, 'name_ru', c.name_ru, 'name_en', c.name_en,
                                                     'image_url', c.image_url, 'price', c.price, 'currency', c.currency));
END;
$$;
