import { revealDelayMs, type RevealKind } from '@store/shared/reveal';

/**
 * Holds the live events of an outcome until the player's animation has ended, so the ribbon never
 * names a prize while its wheel still turns (the times are packages/shared/src/reveal.ts). In
 * process, like the events themselves: a crash or a stop loses a ribbon entry, never money or an
 * item, so pending ones are simply dropped at close. `scale` shortens every wait
 * (REVEAL_TIME_SCALE; 0 in the server suite except where a test looks at the wait itself).
 */
export class Reveals {
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly scale: number) {}

  /** The scaled wait before an outcome of `kind` is shown to anyone. */
  delayMs(kind: RevealKind, fast = false): number {
    return Math.round(revealDelayMs(kind, fast) * this.scale);
  }

  /** Runs `show` once an outcome of `kind` may be shown. */
  after(kind: RevealKind, fast: boolean, show: () => void): void {
    const delay = this.delayMs(kind, fast);
    if (delay <= 0) return show();
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      show();
    }, delay);
    // A waiting ribbon entry never holds the process up.
    timer.unref();
    this.pending.add(timer);
  }

  close(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
