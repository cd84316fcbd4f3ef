import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { BattleEvents } from './battle-events.ts';
import { battleOutcomeLines, findBattleOutcome } from './fair-outcome.ts';
import { hasBattleInFlight } from './in-flight.ts';
import { BattleRunner } from './round-runner.ts';
import { battleRoutes } from './routes.ts';

/**
 * Battles: its rounds roll on the players' seed pairs (a fair game), and its runner reveals each
 * round at its time. The runner serves whatever `BACKGROUND_JOBS` says: a battle's rounds are
 * part of the requests that started it.
 */
export function battlesModule(deps: Deps): StoreModule {
  const { db, catalogue, bus, counters, env, log } = deps;
  deps.fairGames.register('battle', {
    find: (lang, id) => findBattleOutcome(db, catalogue, lang, id),
    lines: (lang, userId, limit) => battleOutcomeLines(db, lang, userId, limit),
    inPlay: (tx, userId) => hasBattleInFlight(tx, userId),
  });
  const roundMs = env.BATTLE_ROUND_MS;
  const events = new BattleEvents({ db, bus, catalogue, counters, roundMs, log });
  const runner = new BattleRunner({
    db,
    catalogue,
    roundMs,
    log,
    onRevealed: (rounds) => void events.revealed(rounds).catch((err: unknown) => log.warn({ err }, 'battle round events not sent')),
  });
  return { routes: (scope) => battleRoutes(scope, { events, runner }), services: [runner] };
}
