-- Experience for spending is no longer a database function: the experience consumer passes the
-- shared rate as a parameter and the opening's answer computes it from the GOLD spent
-- (packages/shared/src/progression.ts), so the rule is written once.
DROP FUNCTION IF EXISTS store_exp_for_spend(bigint);
