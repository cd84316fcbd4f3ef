-- Experience for spending: one point per whole GOLD spent. The SQL twin of expForSpend in
-- packages/shared/src/levels.ts (cases.test.ts compares them). Called by store_open_case for the
-- experience its answer reports, and by the experience consumer of the activity stream
-- (modules/levels/experience-consumer.ts), which credits it.
CREATE OR REPLACE FUNCTION store_exp_for_spend(p_minor bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT floor(p_minor / 100.0)::bigint $$;
