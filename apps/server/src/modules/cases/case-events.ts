import type { FastifyBaseLogger } from 'fastify';
import { toMinor } from '@store/shared/money';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CounterBuffer } from '../platform/counter-buffer.ts';
import type { StoreMetrics } from '../../platform/metrics.ts';
import type { Reveals } from '../../realtime/reveals.ts';
import type { OpenCaseResult } from './open-case.ts';
import { publishDrops } from './publish-drops.ts';

/** A committed opening as other modules see it. */
export interface CaseOpened {
  userId: number;
  /** GOLD left after the opening, minor units. */
  balance: number;
  /** False for an opening nobody paid for (a level case, a free opening). */
  paid: boolean;
}

export type CaseOpenedListener = (event: CaseOpened) => Promise<unknown>;

/**
 * What follows a committed opening, in one place: the store-wide counter and the metric, the
 * drops on the live ribbon once the roulette has stopped, then the reactions other modules registered (the offers module fires
 * its daily-case trigger). The opening stands whatever happens here: a failing reaction is logged, and a crash
 * loses a counter tick or a ribbon entry, never money. Listeners keep the cases module from
 * importing the modules that react to it.
 */
export class CaseEvents {
  private readonly listeners: CaseOpenedListener[] = [];

  constructor(private readonly deps: { bus: Bus; catalogue: Catalogue; counters: CounterBuffer; metrics: StoreMetrics; reveals: Reveals }) {}

  onOpened(listener: CaseOpenedListener): void {
    this.listeners.push(listener);
  }

  /** `fast`: the player chose the fast roulette, so the drops reach the ribbon sooner. */
  async opened(userId: number, result: OpenCaseResult, log: FastifyBaseLogger, fast = false): Promise<void> {
    this.deps.counters.add('opened', result.drops.length);
    const top = result.drops.filter((d) => d.isTop).length;
    if (top) this.deps.counters.add('arcanes', top);
    this.deps.metrics.caseOpened(result.drops.length, !result.free);
    // Nobody, the player included, sees the drops on the ribbon before their roulette stops.
    this.deps.reveals.after('case', fast, () => publishDrops(this.deps, userId, result));
    const event: CaseOpened = { userId, balance: toMinor(result.response.balance), paid: !result.free };
    for (const listener of this.listeners) {
      await listener(event).catch((err: unknown) => log.error({ err }, 'a reaction to a case opening failed'));
    }
  }
}
