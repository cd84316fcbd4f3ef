import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job that runs a pass now and then every `everyMs` until closed (the daily-case
 * reminders, the leaderboard and event close, the withdrawal worker, the activity runner). A pass
 * that fails is logged and the next one retries; passes never overlap; starting a running job
 * does nothing; `close` waits for a pass under way. The work itself must be safe to repeat and to
 * run in several processes at once: this only paces it.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** `wake` came during a pass: the next one starts as soon as it ends. */
  private again = false;
  private stopped = true;

  constructor(
    private readonly opts: {
      everyMs: number;
      run: () => Promise<unknown>;
      log: FastifyBaseLogger;
      failure: string;
      /** Asked after each pass: how soon the next is due (ms), when sooner than `everyMs`; null for the period. */
      dueIn?: () => number | null;
    },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** There is something to do: a pass now, or right after the one under way. Nothing while closed. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Resolves when the pass under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.again = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pass(), ms).unref();
  }

  private pass() {
    this.timer = null;
    this.running = (async () => this.opts.run())()
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log.error({ err }, this.opts.failure))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        const due = this.opts.dueIn?.() ?? this.opts.everyMs;
        this.schedule(soon ? 0 : Math.max(0, Math.min(this.opts.everyMs, due)));
      });
  }
}
