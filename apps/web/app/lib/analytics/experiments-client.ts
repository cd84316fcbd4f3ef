import { backoffSchedule, enqueueCapped, EXPERIMENTS_FETCH_TIMEOUT_MS, playerSubject, pollIntervalMs } from '@store/shared/analytics';
import type { Exposure } from '@store/shared/api/analytics';
import { visitorId } from './analytics-session.ts';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface ExperimentsClientOptions {
  /** The experiments service's base (`/flags`, `/exposures`). */
  base: string;
  /** Who is asking: the signed-in player, or the browser for a guest. */
  subject: string;
  fetch?: Fetch;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The experiments service's client (spec §9 "Realtime and experiments"): flags fetched with a
 * 10 s timeout, asked again every 5 minutes (never more often than a minute, whatever the service
 * says), a failed fetch or exposure send retried with the backoff of 8 attempts from 500 ms to
 * 10 s, and exposures not yet sent queued, at most 512, the oldest dropped first.
 */
export class ExperimentsClient {
  private flags: Record<string, string> | null = null;
  private queue: Exposure[] = [];
  private exposed = new Set<string>();
  private listeners = new Set<() => void>();
  private timer: unknown = null;
  private stopped = false;
  private sending = false;
  private readonly fetch: Fetch;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly opts: ExperimentsClientOptions) {
    this.fetch = opts.fetch ?? ((url, init) => fetch(url, init));
    this.now = opts.now ?? Date.now;
    this.setTimer = opts.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  /** Loads the flags now, then keeps them fresh. */
  start(): void {
    void this.load(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
  }

  /** The subject's variant of `experiment`; undefined until the flags are loaded or when it has none. */
  variant(experiment: string): string | undefined {
    return this.flags?.[experiment];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The subject was shown `variant` of `experiment`: reported once per variant, queued until sent. */
  expose(experiment: string, variant: string): void {
    const key = `${experiment}\u0000${variant}`;
    if (this.exposed.has(key)) return;
    this.exposed.add(key);
    this.queue = enqueueCapped(this.queue, { subject: this.opts.subject, experiment, variant, at: this.now() });
    void this.send(0);
  }

  /** Exposures waiting to be sent (tests and diagnostics). */
  pending(): readonly Exposure[] {
    return this.queue;
  }

  private later(run: () => void, ms: number) {
    if (this.stopped) return;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = null;
      run();
    }, ms);
  }

  private async load(attempt: number): Promise<void> {
    if (this.stopped) return;
    const schedule = backoffSchedule();
    try {
      const res = await this.fetch(`${this.opts.base}/flags?subject=${encodeURIComponent(this.opts.subject)}`, {
        signal: AbortSignal.timeout(EXPERIMENTS_FETCH_TIMEOUT_MS),
        credentials: 'omit',
      });
      if (!res.ok) throw new Error(`flags answered ${res.status}`);
      const body = (await res.json()) as { data?: { flags?: Record<string, string>; poll_ms?: number } };
      if (!body.data?.flags || typeof body.data.flags !== 'object') throw new Error('flags answer without flags');
      if (this.stopped) return;
      this.flags = { ...body.data.flags };
      this.listeners.forEach((l) => l());
      this.later(() => void this.load(0), pollIntervalMs(body.data.poll_ms));
    } catch {
      // After the last retry the flags wait for the next poll; what was loaded stays in force.
      if (attempt < schedule.length) this.later(() => void this.load(attempt + 1), schedule[attempt]!);
      else this.later(() => void this.load(0), pollIntervalMs());
    }
  }

  private async send(attempt: number): Promise<void> {
    if (this.sending || !this.queue.length || this.stopped) return;
    this.sending = true;
    const batch = this.queue;
    try {
      const res = await this.fetch(`${this.opts.base}/exposures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ exposures: batch }),
        keepalive: true,
        credentials: 'omit',
        signal: AbortSignal.timeout(EXPERIMENTS_FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`exposures answered ${res.status}`);
      // Only what was sent leaves the queue; what came in meanwhile waits for the next send.
      this.queue = this.queue.filter((e) => !batch.includes(e));
      this.sending = false;
      if (this.queue.length) void this.send(0);
    } catch {
      this.sending = false;
      const schedule = backoffSchedule();
      if (attempt < schedule.length && !this.stopped) setTimeout(() => void this.send(attempt + 1), schedule[attempt]);
    }
  }
}

/** Who the flags are asked for: the signed-in player, or, for a guest, this browser's lasting id. */
export const experimentSubject = (userId: number | null): string => (userId !== null ? playerSubject(userId) : `anon:${visitorId()}`);
