ALTER TABLE "cases" ADD COLUMN "available_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "available_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_window" CHECK (("cases"."available_from" is null) = ("cases"."available_until" is null) and ("cases"."available_from" is null or "cases"."available_from" < "cases"."available_until"));--> statement-breakpoint
-- A case sold within a window (decision 054) opens only inside it, for a paid opening and an offer's bundled cases alike.
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
