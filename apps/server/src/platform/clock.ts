/**
 * The time the store's day-long rules (level case cooldowns, their reminders) read. In production
 * it is the machine's clock. A store started with TEST_CLOCK=1 (the demo and the browser tests on
 * the embedded database; refused on a production database) can be moved forward by the operator
 * command, so a test can "come back tomorrow" without waiting a day.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward (never back: timers only ever run one way). */
  advance(ms: number): Date {
    if (!(ms > 0)) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
}
