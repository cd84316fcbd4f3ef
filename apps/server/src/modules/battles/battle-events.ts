import { BATTLES_LIST_CHANNEL, BATTLE_SPECTATORS_EVENT, BATTLE_STATE_EVENT, BATTLE_UPDATED_EVENT, battleChannel } from '@store/shared/channels';
import { inArray } from 'drizzle-orm';
import { type BattleStateChange, type SpectatorsEvent } from '@store/shared/api/battles';
import { toUnits } from '@store/shared/money';
import type { Db } from '../../db/client.ts';
import { battles } from './schema.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CounterBuffer } from '../platform/counter-buffer.ts';
import { loadBattles, type LoadedBattle } from './load-battles.ts';
import { presentBattle, presentRound, presentSummary } from './present-battle.ts';
import type { RevealedRound } from './reveal-rounds.ts';
import { recordSpectators } from './spectate.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The live side of battles: after each commit, what changed goes on the bus, on the battle's own
 * channel and on the list channel. Events carry Russian names (one language for every
 * subscriber); pages in another language read the battle again. An event lost to a crash loses
 * nothing: the pages read the battle again when they reconnect.
 */
/** Viewers of one battle are announced at most this often, whatever their number. */
const SPECTATORS_EVERY_MS = 500;

export class BattleEvents {
  /** Battles whose viewer count changed and waits to be announced: the latest count of each. */
  private readonly viewers = new Map<string, number>();

  constructor(private readonly deps: { db: Db; bus: Bus; catalogue: Catalogue; counters: CounterBuffer; roundMs: number; log: FastifyBaseLogger }) {}

  /**
   * A viewer came or went. Each change would otherwise reach every viewer (n arrivals, n² messages),
   * so the count is sent once per SPECTATORS_EVERY_MS with the latest value.
   */
  spectators(ulid: string, count: number): void {
    const waiting = this.viewers.has(ulid);
    this.viewers.set(ulid, count);
    if (waiting) return;
    setTimeout(() => {
      const latest = this.viewers.get(ulid)!;
      this.viewers.delete(ulid);
      this.deps.bus.publish(battleChannel(ulid), BATTLE_SPECTATORS_EVENT, { battle_ulid: ulid, spectators: latest } satisfies SpectatorsEvent);
      recordSpectators({ db: this.deps.db, ulid, count: latest }).catch((err: unknown) => this.deps.log.warn({ err, ulid }, 'viewer count not kept'));
    }, SPECTATORS_EVERY_MS).unref();
  }

  /** Seats, status or spectators of a loaded battle changed. */
  changed(loaded: LoadedBattle): void {
    const { bus, catalogue, roundMs } = this.deps;
    bus.publish(BATTLES_LIST_CHANNEL, BATTLE_UPDATED_EVENT, presentSummary(loaded, 'ru', catalogue));
    bus.publish(battleChannel(loaded.battle.ulid), BATTLE_UPDATED_EVENT, presentBattle(loaded, 'ru', catalogue, roundMs));
  }

  /** Rounds the runner revealed: one `statechange` each; the battles that ended are sent whole too. */
  async revealed(rounds: RevealedRound[]): Promise<void> {
    const { db, bus, catalogue } = this.deps;
    for (const r of rounds) {
      const change: BattleStateChange = {
        battle_ulid: r.ulid,
        status: r.winnerTeam !== null ? 'finished' : 'started',
        round: presentRound(r.round, r.caseSlug, r.drops, 'ru', catalogue),
        total_rounds: r.totalRounds,
        totals: r.totals.map((t) => ({ seat: t.seat, total: toUnits(t.total) })),
        due_at: r.dueAt.getTime(),
        next_round_at: r.nextRoundAt?.getTime() ?? null,
        winner_team: r.winnerTeam,
      };
      bus.publish(battleChannel(r.ulid), BATTLE_STATE_EVENT, change);
      bus.publish(BATTLES_LIST_CHANNEL, BATTLE_STATE_EVENT, change);
    }
    const ended = rounds.filter((r) => r.winnerTeam !== null).map((r) => r.battleId);
    if (!ended.length) return;
    this.deps.counters.add('battles', ended.length);
    // The ended battles read back together: a few queries however many end at once.
    const rows = await db.select().from(battles).where(inArray(battles.id, ended));
    for (const loaded of await loadBattles(db, rows, { drops: true })) this.changed(loaded);
  }
}
