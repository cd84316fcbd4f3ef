-- The whole event coins of an opening's coin ticket: the SQL twin of coinsFromTicket in
-- packages/shared/src/events.ts (sql-twins.test.ts compares them). Called by store_roll_case
-- for an event case's coins at cursor 1.
CREATE OR REPLACE FUNCTION store_coins_from_ticket(p_ticket integer, p_min integer, p_max integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT least(p_min, p_max) + floor((p_ticket - 1)::numeric * (greatest(p_min, p_max) - least(p_min, p_max) + 1) / 100000)::integer
$$;
