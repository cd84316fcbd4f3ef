-- The roll of a case, the one way a case is opened whoever pays. Called by store_open_case, by
-- openForFree (a level case, a free opening; modules/cases/open-case.ts) and by rollCase (an
-- offer's bundled cases, modules/cases/roll-case.ts). Money is the caller's business.
-- It takes a limited case's opens conditionally, advances the nonce of the player's active seed
-- pair (a roll that raced a seed rotation takes the new pair), rolls one provably-fair ticket per
-- opening at cursor 0 (store_padded_ticket, the seed's HMAC pads made once by store_hmac_pads),
-- picks the drop from the case's odds table, inserts the item (a free drop when its opening was
-- free or paid in event coins, decision 058) and the case_opens record with everything needed to
-- recompute it and the odds version it used, and marks top drops for the live ribbon. An event
-- case also rolls each box's coins at cursor 1 (store_coins_from_ticket) and credits them to the
-- coin wallet with one ledger row for the roll. The last `p_free` openings are free (price 0);
-- the others record `p_price`. It reports the rolls and what they are worth.
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
  v_free_drop boolean;
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
    v_free_drop := i > p_count - p_free OR c.currency = 'TASTY_COIN';
    INSERT INTO inventory_items (user_id, item_key, price, status, source, source_ref, created_at, updated_at, free_drop)
    VALUES (p_user, v_item, v_item_price, 'progress', 'Case', p_source_ref, v_created, v_created, v_free_drop)
    RETURNING id INTO v_inv;
    INSERT INTO case_opens (batch, user_id, case_id, odds_id, price, seed_pair_id, server_seed_hash, client_seed,
                            nonce, cursor, ticket, item_key, item_price, free, is_top, inventory_item_id, created_at, coins)
    VALUES (p_batch, p_user, c.id, c.odds_id, CASE WHEN i > p_count - p_free THEN 0 ELSE p_price END, s.id, s.server_seed_hash,
            s.client_seed, s.nonce - p_count + i, 0, v_ticket, v_item, v_item_price, i > p_count - p_free, v_top, v_inv, v_created, v_coins)
    RETURNING id INTO v_open;
    v_rolls := v_rolls || json_build_object('open_id', v_open, 'inventory_id', v_inv, 'nonce', s.nonce - p_count + i,
      'ticket', v_ticket, 'item', v_item, 'price', v_item_price, 'top', v_top, 'coins', v_coins, 'odds_id', c.odds_id,
      'free_drop', v_free_drop);
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
