import { and, eq, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { battles } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { revealDueRounds, type RevealedRound } from './reveal-rounds.ts';

/**
 * How long the runner sleeps at most. The process that starts a battle wakes its own runner for
 * the first round (`wakeBy`), and every runner sleeps only until the earliest round due in the
 * database; the poll finds the rounds of a process that died, or a battle started elsewhere after
 * this runner went to sleep.
 */
const POLL_MS = 1_000;
/** Battles revealed per transaction; more due ones are taken by the next pass at once. */
const BATCH = 250;

/**
 * Reveals battle rounds when they fall due. The schedule lives in the database (each started
 * battle's `next_round_at`), so this runner keeps nothing that matters: it sleeps until the
 * earliest due round (at most POLL_MS), reads only that while none is due, reveals every due
 * round in one transaction, hands what it revealed to `onRevealed` after commit, and sleeps
 * again. Any number of processes may run it on one database; a restarted one simply finds the
 * overdue rounds and carries on.
 */
export class BattleRunner {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private running: Promise<void> | null = null;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly opts: {
      db: Db;
      catalogue: Catalogue;
      roundMs: number;
      log: FastifyBaseLogger;
      onRevealed: (rounds: RevealedRound[]) => void;
    },
  ) {}

  start() {
    this.stopped = false;
    this.schedule(Date.now());
  }

  /** A battle of this process falls due at `at`: wake by then rather than at the next poll. */
  wakeBy(at: Date) {
    this.schedule(at.getTime());
  }

  async close() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(at: number) {
    if (this.stopped || at >= this.wakeAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => void this.pass(), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  private async pass() {
    this.timer = null;
    this.wakeAt = Infinity;
    if (this.running) return void this.running.then(() => this.schedule(Date.now()));
    this.running = this.revealAll().finally(() => (this.running = null));
    await this.running;
  }

  private async revealOneByOne() {
    const due = await this.opts.db
      .select({ id: battles.id })
      .from(battles)
      .where(and(eq(battles.status, 'started'), lte(battles.nextRoundAt, sql`now()`)))
      .catch(() => []);
    for (const { id } of due) {
      try {
        const revealed = await revealDueRounds({ db: this.opts.db, catalogue: this.opts.catalogue, roundMs: this.opts.roundMs, limit: 1, onlyIds: [id] });
        if (revealed.length) this.opts.onRevealed(revealed);
      } catch (err) {
        this.opts.log.error({ err, battleId: id }, 'a battle round could not be revealed');
      }
    }
  }

  /** The earliest round due among the started battles, by the database's clock as `revealDueRounds` reads it; null when none is started. */
  private async earliestDue(): Promise<{ at: number; dueNow: boolean } | null> {
    const [row] = await this.opts.db
      .select({ at: min(battles.nextRoundAt), dueNow: sql<boolean>`min(${battles.nextRoundAt}) <= now()` })
      .from(battles)
      .where(eq(battles.status, 'started'));
    return row?.at ? { at: new Date(row.at).getTime(), dueNow: Boolean(row.dueNow) } : null;
  }

  private async revealAll() {
    let next = Date.now() + POLL_MS;
    try {
      // A pass with no round due reads one index and writes nothing: most passes of a quiet store.
      let earliest = await this.earliestDue();
      if (earliest?.dueNow) {
        for (;;) {
          const revealed = await revealDueRounds({ db: this.opts.db, catalogue: this.opts.catalogue, roundMs: this.opts.roundMs, limit: BATCH });
          if (revealed.length) this.opts.onRevealed(revealed);
          if (revealed.length < BATCH || this.stopped) break;
        }
        earliest = await this.earliestDue();
      }
      this.failures = 0;
      if (earliest) next = Math.min(next, earliest.at);
    } catch (err) {
      // A failed pass changed nothing (its transaction rolled back). Reveal the due battles one
      // by one so that one broken battle cannot hold up the others, then back off so a database
      // outage is not hammered.
      this.failures++;
      this.opts.log.error({ err }, 'battle rounds could not be revealed together');
      await this.revealOneByOne();
      next = Date.now() + Math.min(POLL_MS * 2 ** this.failures, 10_000);
    }
    this.schedule(next);
  }
}
