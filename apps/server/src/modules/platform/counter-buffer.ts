import type { Executor } from '../../db/client.ts';
import { bumpCounter } from './counters.ts';

const FLUSH_MS = 1000;

/**
 * Store-wide statistics (cases opened...) gathered in memory and written once a second, so the
 * hot path does not pay a statement per open. A crash loses at most a second of a statistic,
 * never money or items.
 */
export class CounterBuffer {
  private pending = new Map<string, number>();
  /** Taken from `pending` by a flush and not yet written: still this process's to count. */
  private writing = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly db: Executor) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  add(name: string, by: number) {
    this.pending.set(name, (this.pending.get(name) ?? 0) + by);
  }

  /**
   * What this process counted but has not written yet, including what a flush is writing now: a
   * reader between the flush taking its batch and the write landing would otherwise miss it.
   */
  pendingOf(name: string): number {
    return (this.pending.get(name) ?? 0) + (this.writing.get(name) ?? 0);
  }

  async flush() {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    for (const [name, by] of batch) this.writing.set(name, (this.writing.get(name) ?? 0) + by);
    for (const [name, by] of batch) {
      await bumpCounter(this.db, name, by).catch(() => this.add(name, by));
      const left = (this.writing.get(name) ?? 0) - by;
      if (left) this.writing.set(name, left);
      else this.writing.delete(name);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
