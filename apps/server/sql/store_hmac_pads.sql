-- The HMAC-SHA256 key pads of a server seed (HMAC from the built-in sha256(), so the roll needs no
-- extension: PGlite has none). Called by store_roll_case once per roll: the pads are 128 byte
-- operations in PL/pgSQL, most of a ticket's cost, so a roll of several boxes, or of an event
-- case's coins beside each item, makes them once per seed instead of once per ticket.
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
$$;
