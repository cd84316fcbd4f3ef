import { outcomeKind, type FairOutcome, type OutcomeKind } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import type { Tx } from '../../db/client.ts';
import type { OutcomeLine } from './outcome-summary.ts';

/**
 * What a game tells provably-fair about itself when it starts: provably-fair lists, finds and
 * guards through these, so it never imports a game (the games import it for their rolls).
 */
export interface FairGame {
  /** One outcome by its public id (a battle's ulid, the number of any other game's row), or null. */
  find(lang: Lang, id: string): Promise<FairOutcome | null>;
  /** The player's newest `limit` outcomes as lines, and how many there are. */
  lines(lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }>;
  /** Whether the player has a roll under way that revealing the server seed now would spoil. */
  inPlay?(tx: Tx, userId: number): Promise<boolean>;
}

/** The games that roll on the player's seed pair, each registered once by its own module. */
export class FairGames {
  private readonly games = new Map<OutcomeKind, FairGame>();

  register(kind: OutcomeKind, game: FairGame): void {
    if (this.games.has(kind)) throw new Error(`fair game ${kind} registered twice`);
    this.games.set(kind, game);
  }

  get(kind: OutcomeKind): FairGame | undefined {
    return this.games.get(kind);
  }

  /** The registered games in the order the API lists the kinds. */
  all(): [OutcomeKind, FairGame][] {
    return outcomeKind.options.flatMap((k) => {
      const game = this.games.get(k);
      return game ? [[k, game] as [OutcomeKind, FairGame]] : [];
    });
  }

  async anyInPlay(tx: Tx, userId: number): Promise<boolean> {
    for (const [, game] of this.all()) if (game.inPlay && (await game.inPlay(tx, userId))) return true;
    return false;
  }
}

/** The row number an outcome id names, for games whose ids are numbers; null for anything else. */
const numericOutcomeId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/** `find` for a game whose outcomes are numbered rows: an id that is not a row number is no outcome of it. */
export const findByRowNumber =
  (find: (lang: Lang, n: number) => Promise<FairOutcome | null>): FairGame['find'] =>
  async (lang, id) => {
    const n = numericOutcomeId(id);
    return n === null ? null : find(lang, n);
  };
