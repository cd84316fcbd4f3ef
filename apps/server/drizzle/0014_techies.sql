CREATE TABLE "techies_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"mines_count" smallint NOT NULL,
	"mines" smallint[] NOT NULL,
	"tickets" integer[] NOT NULL,
	"opened" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"state" text DEFAULT 'playing' NOT NULL,
	"hit" smallint,
	"rtp_bp" integer NOT NULL,
	"payout" bigint,
	"seed_pair_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"cursor" integer NOT NULL,
	"ticket" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "techies_games_state_known" CHECK ("techies_games"."state" in ('playing', 'cashed', 'lost')),
	CONSTRAINT "techies_games_mines_valid" CHECK ("techies_games"."mines_count" between 1 and 24 and cardinality("techies_games"."mines") = "techies_games"."mines_count"),
	CONSTRAINT "techies_games_stake_positive" CHECK ("techies_games"."stake" > 0),
	CONSTRAINT "techies_games_finished" CHECK (("techies_games"."state" = 'playing') = ("techies_games"."payout" is null and "techies_games"."finished_at" is null))
);
--> statement-breakpoint
ALTER TABLE "techies_games" ADD CONSTRAINT "techies_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "techies_games" ADD CONSTRAINT "techies_games_seed_pair_id_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "techies_games_playing_idx" ON "techies_games" USING btree ("user_id") WHERE "techies_games"."state" = 'playing';--> statement-breakpoint
CREATE INDEX "techies_games_user_idx" ON "techies_games" USING btree ("user_id","id");--> statement-breakpoint
-- Every roll of a case names the odds version it used (issue 15): the opening's answer carries it,
-- and GET /api/v1/provably-fair/odds/{id} returns that table for ever; a roll that raced a seed
-- rotation takes the new pair instead of failing. Otherwise as 0011.
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
  IF NOT FOUND THEN
    -- A rotation committed while this waited on the old pair's row: the statement's snapshot
    -- cannot see the pair it started, a new statement does.
    UPDATE seed_pairs SET nonce = nonce + p_count WHERE user_id = p_user AND active RETURNING * INTO s;
  END IF;
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
      'ticket', v_ticket, 'item', v_item, 'price', v_item_price, 'top', v_top, 'coins', v_coins, 'odds_id', c.odds_id);
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
$$;
