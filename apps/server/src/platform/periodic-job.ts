import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job that runs a pass now and then every `everyMs` until closed (the daily-case
 * reminders, the leaderboard close). A pass that fails is logged and the next one retries; starting
 * a running job does nothing; `close` waits for a pass under way. The work itself must be safe to
 * repeat and to run in several processes at once: this only paces it.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly opts: { everyMs: number; run: () => Promise<unknown>; log: FastifyBaseLogger; failure: string }) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      this.running = this.opts
        .run()
        .then(() => undefined)
        .catch((err: unknown) => this.opts.log.error({ err }, this.opts.failure))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(loop, this.opts.everyMs).unref();
        });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
