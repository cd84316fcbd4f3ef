-- A paid case opening as one server-side call. Called by openCase (modules/cases/open-case.ts)
-- for POST /api/v1/cases/{slug}/open.
-- It checks the case (store_openable_case), the player's level and the count, counts the
-- every-N-th free openings, rolls through store_roll_case, then debits the wallet of the case's
-- currency with a conditional update and its ledger row, grows the player's counters and writes
-- the opening's activity row (decision 013), from which the experience consumer credits the
-- experience the answer reports (openCase turns the GOLD spent into it by expForSpend, the
-- shared rule, so the rate is not written here). A coin case takes event coins (coins_error
-- when short) and spends no GOLD, so it earns no experience. A level case is refused with
-- 'daily_case' (the caller opens it free through the levels module), a case above the player's
-- level with 'case_level_locked'. Everything happens or, on any refusal, nothing (a refused open
-- does not even use up a nonce); refusals raise SQLSTATE P0001 with a catalogue code as the
-- message, a sold-out box before a short balance, as the roll takes the opens first.
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
                           'gold_spent', v_gold, 'free', v_free, 'nickname', v_nickname,
                           'server_seed_hash', v_roll->>'server_seed_hash', 'client_seed', v_roll->>'client_seed',
                           'rolls', v_roll->'rolls', 'created_at', v_roll->'created_at', 'coins', v_roll->'coins',
                           'case', json_build_object('id', c.id, 'slug', c.slug, 'name_ru', c.name_ru, 'name_en', c.name_en,
                                                     'image_url', c.image_url, 'price', c.price, 'currency', c.currency));
END;
$$;
