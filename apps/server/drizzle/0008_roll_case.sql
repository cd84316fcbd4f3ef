-- Experience for spending, the SQL twin of expForSpend in packages/shared/src/levels.ts (the
-- server tests compare them): one point per whole GOLD spent.
CREATE OR REPLACE FUNCTION store_exp_for_spend(p_minor bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT floor(p_minor / 100.0)::bigint $$;
--> statement-breakpoint
-- The case a player may open now, or a refusal: unknown or hidden → caseNotFound, switched off
-- → case_not_available. A paid opening and an offer's bundled cases refuse alike.
CREATE OR REPLACE FUNCTION store_openable_case(p_slug text) RETURNS cases
LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
BEGIN
  SELECT * INTO c FROM cases WHERE slug = p_slug;
  IF NOT FOUND OR c.status = 'hidden' OR c.odds_id IS NULL THEN RAISE EXCEPTION 'caseNotFound' USING ERRCODE = 'P0001'; END IF;
  IF NOT c.available OR c.status <> 'active' THEN RAISE EXCEPTION 'case_not_available' USING ERRCODE = 'P0001'; END IF;
  RETURN c;
END;
$$;
--> statement-breakpoint
-- The roll of a case, the one way a case is opened whoever pays: the opens-limit take, the
-- nonces of the player's seed pair, one provably-fair ticket per opening, the drop from the
-- case's odds table, the item in the inventory and the opening record with everything needed to
-- recompute it, and the top-drop rule of the live ribbon; it reports the rolls and what they are
-- worth. The last `p_free` openings are free (price 0); the others record `p_price`. Money is the
-- caller's business.
CREATE OR REPLACE FUNCTION store_roll_case(
  p_user integer, c cases, p_count integer, p_free integer, p_price bigint, p_batch text, p_source_ref text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  s seed_pairs%ROWTYPE;
  v_created timestamptz := now();
  v_ranges jsonb;
  v_ticket integer;
  v_item text;
  v_item_price bigint;
  v_top boolean;
  v_inv bigint;
  v_open bigint;
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

  FOR i IN 1..p_count LOOP
    v_ticket := store_roll_ticket(s.server_seed, s.client_seed, s.nonce - p_count + i, 0);
    SELECT r.item INTO v_item FROM jsonb_to_recordset(v_ranges) AS r(item text, "from" integer, "to" integer)
     WHERE v_ticket BETWEEN r."from" AND r."to";
    SELECT price INTO v_item_price FROM catalogue_items WHERE key = v_item;
    -- A top drop for the live ribbon: worth five cases or 1000 GOLD.
    v_top := v_item_price >= c.price * 5 OR v_item_price >= 100000;
    v_won := v_won + v_item_price;
    INSERT INTO inventory_items (user_id, item_key, price, status, source, source_ref, created_at, updated_at)
    VALUES (p_user, v_item, v_item_price, 'progress', 'Case', p_source_ref, v_created, v_created)
    RETURNING id INTO v_inv;
    INSERT INTO case_opens (batch, user_id, case_id, odds_id, price, seed_pair_id, server_seed_hash, client_seed,
                            nonce, cursor, ticket, item_key, item_price, free, is_top, inventory_item_id, created_at)
    VALUES (p_batch, p_user, c.id, c.odds_id, CASE WHEN i > p_count - p_free THEN 0 ELSE p_price END, s.id, s.server_seed_hash,
            s.client_seed, s.nonce - p_count + i, 0, v_ticket, v_item, v_item_price, i > p_count - p_free, v_top, v_inv, v_created)
    RETURNING id INTO v_open;
    v_rolls := v_rolls || json_build_object('open_id', v_open, 'inventory_id', v_inv, 'nonce', s.nonce - p_count + i,
      'ticket', v_ticket, 'item', v_item, 'price', v_item_price, 'top', v_top);
  END LOOP;

  RETURN json_build_object('server_seed_hash', s.server_seed_hash, 'client_seed', s.client_seed,
                           'rolls', array_to_json(v_rolls), 'won', v_won, 'created_at', v_created);
END;
$$;
--> statement-breakpoint
-- A paid opening as one server-side call: the case and count checks, the every-N-free counter,
-- the roll (store_roll_case), the conditional debit with its ledger row, the player's counters and
-- the opening's activity row. Everything happens or, on any refusal, nothing (a refused open does
-- not even use up a nonce). Refusals raise SQLSTATE P0001 with a catalogue code as the message; a
-- sold-out box is refused before a short balance, as the roll takes the opens first.
CREATE OR REPLACE FUNCTION store_open_case(
  p_user integer, p_slug text, p_count integer, p_batch text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
  v_free integer := 0;
  v_after integer;
  v_total bigint;
  v_balance bigint;
  v_exp bigint;
  v_nickname text;
  v_roll json;
BEGIN
  c := store_openable_case(p_slug);
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

  v_exp := store_exp_for_spend(v_total);
  UPDATE users SET cases_opened = cases_opened + p_count, spent = spent + v_total, exp = exp + v_exp
   WHERE id = p_user RETURNING nickname INTO v_nickname;

  -- The opening in the activity stream (decision 013), in this same transaction and round trip.
  INSERT INTO activities (kind, user_id, amount, won, count, ref)
  VALUES ('case_open', p_user, v_total,
          (v_roll->>'won')::bigint,
          p_count, 'case_open:' || p_batch);

  RETURN json_build_object('balance', v_balance, 'exp', v_exp, 'free', v_free, 'nickname', v_nickname,
                           'server_seed_hash', v_roll->>'server_seed_hash', 'client_seed', v_roll->>'client_seed',
                           'rolls', v_roll->'rolls', 'created_at', v_roll->'created_at',
                           'case', json_build_object('id', c.id, 'slug', c.slug, 'name_ru', c.name_ru, 'name_en', c.name_en,
                                                     'image_url', c.image_url, 'price', c.price));
END;
$$;
