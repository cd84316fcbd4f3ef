-- The case a player may open now, or a refusal: unknown or hidden → caseNotFound; switched off,
-- locked by an operator (spec §5) or outside its sale window (decision 054) → case_not_available.
-- Called by store_open_case, and in modules/cases by openForFree (a level case, a free opening)
-- and rollCase (an offer's bundled cases), so every opening refuses alike.
-- modules/catalogue/find-cases.ts lists cases by the same rule.
CREATE OR REPLACE FUNCTION store_openable_case(p_slug text) RETURNS cases
LANGUAGE plpgsql AS $$
DECLARE
  c cases%ROWTYPE;
BEGIN
  SELECT * INTO c FROM cases WHERE slug = p_slug;
  IF NOT FOUND OR c.status = 'hidden' OR c.odds_id IS NULL THEN RAISE EXCEPTION 'caseNotFound' USING ERRCODE = 'P0001'; END IF;
  IF NOT c.available OR c.locked OR c.status <> 'active' THEN RAISE EXCEPTION 'case_not_available' USING ERRCODE = 'P0001'; END IF;
  IF c.available_from IS NOT NULL AND (now() < c.available_from OR now() >= c.available_until) THEN
    RAISE EXCEPTION 'case_not_available' USING ERRCODE = 'P0001';
  END IF;
  RETURN c;
END;
$$;
