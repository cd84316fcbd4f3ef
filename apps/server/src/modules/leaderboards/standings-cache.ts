import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { POSITION_CAP } from '@store/shared/constants';
import { compareStanding } from '@store/shared/leaderboards';
import type { Executor } from '../../db/client.ts';
import { levelsOfPlayers } from '../levels/player-levels.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { type BoardRow, findBoard, type PrizeRow, prizesOf } from './boards.ts';
import { leaderboardEntries } from './schema.ts';

/** Places listed when a board has no prizes to list. */
export const PLAIN_LEADERS = 10;
/**
 * How long a board's standings are served before they are read again when nothing said they
 * changed (a change this process does not hear of: an operator's command on another machine).
 */
const TTL_MS = 5_000;
/** How long a player's name and level are reused for their own row. */
const CARD_TTL_MS = 5_000;
/** Cards kept at most; past it the oldest half is dropped. */
const MAX_CARDS = 10_000;

export interface Standing {
  userId: number;
  score: number;
  spent: number;
  won: number;
  reachedId: number;
}

/**
 * What every reader of a board shares: the board, its prizes, and its first POSITION_CAP + 1
 * standings (enough to place anyone: past them a place shows as "1000+"), with the names and
 * levels of the listed leaders.
 */
export interface BoardSnapshot {
  board: BoardRow;
  prizes: PrizeRow[];
  /** How many places the ranking lists: every prize place, or PLAIN_LEADERS. */
  places: number;
  top: Standing[];
  /** The board has more players than `top` holds. */
  truncated: boolean;
  names: Map<number, string>;
  levels: Map<number, number>;
}

/**
 * Board standings kept in memory for a moment, so a ranking read costs the player's own row and
 * not the board's. A board's snapshot is dropped when this process's scoring consumer or close job
 * moves it, when another process announces it moved (`top_changed` on the bus), and after
 * TTL_MS in any case. Concurrent readers of a missing snapshot share one read.
 *
 * Where a snapshot is read (decision 084): after a change this process heard of, from the primary,
 * since the page asks again only at the next change and a replica that had not yet replayed this
 * one would leave it showing the old leaders until then; a refresh when nothing was heard (the
 * first read, TTL_MS passed) from the replica, at most its lag guard behind.
 */
export class StandingsCache {
  private readonly entries = new Map<number, { at: number; snapshot: Promise<BoardSnapshot | null> }>();
  private readonly cards = new Map<number, { at: number; name: string; level: number }>();
  /** Boards whose next snapshot comes from the primary: a change was heard since their last read began. */
  private readonly changed = new Set<number>();

  constructor(
    private readonly db: Executor,
    private readonly replica: Executor = db,
  ) {}

  get(boardId: number): Promise<BoardSnapshot | null> {
    const hit = this.entries.get(boardId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.snapshot;
    const fresh = this.read(boardId);
    // Merely old (nothing said it changed): its readers keep it until the new one is in, so the
    // refresh holds nobody up. A dropped one (a change) is never served again.
    return hit ? hit.snapshot : fresh;
  }

  private read(boardId: number): Promise<BoardSnapshot | null> {
    const snapshot = readSnapshot(this.changed.delete(boardId) ? this.db : this.replica, boardId);
    const entry = { at: Date.now(), snapshot };
    const previous = this.entries.get(boardId);
    // Until it arrives, a merely old snapshot stays in place (with a fresh time, so one refresh runs).
    if (previous) this.entries.set(boardId, { at: entry.at, snapshot: previous.snapshot });
    else this.entries.set(boardId, entry);
    snapshot.then(
      (found) => {
        // An unknown board is not remembered: one made a moment later must not read as missing.
        if (!found) {
          if (this.entries.get(boardId) === entry) this.entries.delete(boardId);
          return;
        }
        const now = this.entries.get(boardId);
        // Dropped meanwhile (a change came in): the next reader reads again.
        if (now && (now === entry || now.snapshot === previous?.snapshot)) this.entries.set(boardId, entry);
      },
      // A failed read is not kept: the next reader tries again.
      () => this.entries.get(boardId) === entry && this.entries.delete(boardId),
    );
    return snapshot;
  }

  invalidate(boardId: number): void {
    this.entries.delete(boardId);
    this.changed.add(boardId);
  }

  /**
   * A player's name and level for their own row, reused for a few seconds: a player reading a board
   * again and again costs one query (their standing), not three. A level a few seconds old is fine
   * on a ranking; the header shows the live one. Read from the replica: CARD_TTL_MS and its lag behind.
   */
  async playerCard(userId: number): Promise<{ name: string; level: number }> {
    const hit = this.cards.get(userId);
    if (hit && Date.now() - hit.at < CARD_TTL_MS) return hit;
    const [names, levels] = await Promise.all([nicknamesOf(this.replica, [userId]), levelsOfPlayers(this.replica, [userId])]);
    const card = { at: Date.now(), name: names.get(userId) ?? '', level: levels.get(userId) ?? 0 };
    if (this.cards.size >= MAX_CARDS) for (const key of [...this.cards.keys()].slice(0, MAX_CARDS / 2)) this.cards.delete(key);
    this.cards.set(userId, card);
    return card;
  }
}

async function readSnapshot(db: Executor, boardId: number): Promise<BoardSnapshot | null> {
  const board = await findBoard(db, boardId);
  if (!board) return null;
  const e = leaderboardEntries;
  const [prizes, top] = await Promise.all([
    prizesOf(db, [boardId]),
    db
      .select({ userId: e.userId, score: e.score, spent: e.spent, won: e.won, reachedId: e.reachedId })
      .from(e)
      .where(and(eq(e.leaderboardId, boardId), gt(e.score, 0)))
      .orderBy(desc(e.score), asc(e.reachedId), asc(e.userId))
      .limit(POSITION_CAP + 1),
  ]);
  const boardPrizes = prizes.get(boardId) ?? [];
  const places = boardPrizes.length || PLAIN_LEADERS;
  const listed = top.slice(0, places).map((s) => s.userId);
  const [names, levels] = await Promise.all([nicknamesOf(db, listed), levelsOfPlayers(db, listed)]);
  return { board, prizes: boardPrizes, places, top, truncated: top.length > POSITION_CAP, names, levels };
}

/**
 * A standing's place against a snapshot: one more than the players listed ahead of it (its own
 * older row skipped), or POSITION_CAP + 1 when the snapshot ends before it and the board goes on.
 */
export function placeIn(snapshot: BoardSnapshot, s: Standing): number {
  let ahead = 0;
  for (const t of snapshot.top) {
    if (t.userId === s.userId) continue;
    if (compareStanding(t, s) >= 0) return ahead + 1;
    ahead++;
  }
  return snapshot.truncated ? POSITION_CAP + 1 : Math.min(POSITION_CAP + 1, ahead + 1);
}
