-- The provably-fair ticket of DESIGN from a seed's pads (store_hmac_pads): the first 4 bytes of
-- HMAC-SHA256(server seed, "client seed:nonce:cursor"), big-endian, scaled to 1..100000.
-- packages/shared/src/provably-fair.ts is the reference: sql-twins.test.ts compares them over
-- thousands of inputs and the server tests recompute every opening with it. Called by
-- store_roll_case, at cursor 0 for the item and cursor 1 for event coins.
CREATE OR REPLACE FUNCTION store_padded_ticket(p_ipad bytea, p_opad bytea, p_client_seed text, p_nonce integer, p_cursor integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  d bytea := sha256(p_opad || sha256(p_ipad || convert_to(p_client_seed || ':' || p_nonce || ':' || p_cursor, 'UTF8')));
  u bigint := (get_byte(d, 0)::bigint << 24) + (get_byte(d, 1) << 16) + (get_byte(d, 2) << 8) + get_byte(d, 3);
BEGIN
  RETURN floor(u::numeric / 4294967296 * 100000)::integer + 1;
END;
$$;
