-- A season's coin counters, kept in the transaction of each coin movement (decision 017): every
-- coin credited while an event runs climbs its pass (event_players.coins_earned), coins paid for
-- coin cases buy raffle tickets (coins_spent). A credit and its climb commit together or not at all.
-- Nobody calls it by name: it is the function of the trigger `ledger_event_coins` (AFTER INSERT ON
-- ledger FOR EACH ROW WHEN currency = 'TASTY_COIN'), created by migration 0011_events.sql and left
-- there; replacing this function keeps the trigger. It fires for coin rows only, so a GOLD
-- movement pays nothing for it.
-- This is how event coins reach a season OUTSIDE the activity stream (decision 013), which feeds
-- the event's tasks: any ledger row in TASTY_COIN counts here, whichever module wrote it (an event
-- case's coins, a task or level reward, a deposit's bonus, the upgrade's consolation, an offer), and
-- the row into event_players is written by the transaction that wrote the ledger row, not by a
-- consumer of the events module.
CREATE OR REPLACE FUNCTION store_event_coins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_players AS p (event_id, user_id, coins_earned, coins_spent)
  SELECT e.id, NEW.user_id, greatest(NEW.delta, 0), CASE WHEN NEW.delta < 0 AND NEW.reason = 'case_open' THEN -NEW.delta ELSE 0 END
    FROM events e
   WHERE e.status = 'running' AND e.starts_at <= NEW.created_at AND NEW.created_at < e.ends_at
  ON CONFLICT (event_id, user_id) DO UPDATE
     SET coins_earned = p.coins_earned + excluded.coins_earned, coins_spent = p.coins_spent + excluded.coins_spent, updated_at = now();
  RETURN NULL;
END;
$$;
