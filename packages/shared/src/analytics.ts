/**
 * The rules of the analytics and experiments clients (spec §4 "Websocket", §7 "General" and
 * "Startup", §9 "Realtime and experiments"), without IO: the browser's ports and the server's
 * sandboxes both read them. Decision 051.
 */

/** Spec §4: the analytics session renews after its timeout. The spec names none; 30 minutes (decision 051). */
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60_000;

/** Spec §7: a page view with no referrer says where it came from as "Direct". */
export const DIRECT_REFERRER = 'Direct';

/** The campaign parameters a page view carries: the UTM set of spec §3. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/** The longest path, referrer or campaign value a beacon carries; the sandbox refuses longer. */
export const ANALYTICS_TEXT_MAX = 2000;

export interface AnalyticsSession {
  id: string;
  /** When the session last saw the player (ms). */
  lastAt: number;
}

/**
 * The session a hit belongs to: the stored one while the player was active within the timeout,
 * else a new one (spec §4). The hit itself keeps the session alive.
 */
export function touchSession(stored: AnalyticsSession | null, now: number, newId: () => string): AnalyticsSession {
  if (stored && now - stored.lastAt < ANALYTICS_SESSION_TIMEOUT_MS && now >= stored.lastAt) return { id: stored.id, lastAt: now };
  return { id: newId(), lastAt: now };
}

/** The referrer as reported: the address the visit came from, or "Direct" when there is none. */
export const referrerOf = (referrer: string | null | undefined): string => {
  const value = referrer?.trim() ?? '';
  return value ? value.slice(0, ANALYTICS_TEXT_MAX) : DIRECT_REFERRER;
};

/** The utm_* parameters of an address's query, empty ones left out. */
export function campaignOf(search: string): Campaign {
  const query = new URLSearchParams(search);
  const out: Campaign = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = query.get(name)?.trim();
    if (value) out[name] = value.slice(0, ANALYTICS_TEXT_MAX);
  }
  return out;
}

export interface PageView {
  type: 'page_view';
  session_id: string;
  path: string;
  referrer: string;
  campaign: Campaign;
  at: number;
}

/** What a page view reports (spec §7): the path, the referrer or Direct, the campaign parameters. */
export function pageViewOf(opts: { pathname: string; search: string; referrer: string | null; sessionId: string; at: number }): PageView {
  return {
    type: 'page_view',
    session_id: opts.sessionId,
    path: opts.pathname.slice(0, ANALYTICS_TEXT_MAX),
    referrer: referrerOf(opts.referrer),
    campaign: campaignOf(opts.search),
    at: opts.at,
  };
}

// ── experiments (spec §9) ──

/** A flags fetch that has not answered in 10 s is given up and retried. */
export const EXPERIMENTS_FETCH_TIMEOUT_MS = 10_000;
/** Flags are asked again every 5 minutes... */
export const EXPERIMENTS_POLL_MS = 5 * 60_000;
/** ...and never more often than once a minute, whatever a setting says. */
export const EXPERIMENTS_POLL_MIN_MS = 60_000;
/** A failed fetch or exposure send is retried up to 8 times, waiting from 500 ms up to 10 s, 1.5 times longer each time. */
export const EXPERIMENTS_RETRY = { attempts: 8, firstMs: 500, maxMs: 10_000, factor: 1.5 } as const;
/** Exposures not yet sent are kept up to 512; past that the oldest is dropped. */
export const EXPOSURE_QUEUE_CAP = 512;

/** The poll interval in force: the asked one, or 5 minutes when none, never below a minute. */
export const pollIntervalMs = (asked?: number | null): number =>
  Math.max(EXPERIMENTS_POLL_MIN_MS, asked !== undefined && asked !== null && Number.isFinite(asked) ? asked : EXPERIMENTS_POLL_MS);

/** The wait before each retry, in order (ms, whole): one per attempt, capped at the longest wait. */
export function backoffSchedule(retry: { attempts: number; firstMs: number; maxMs: number; factor: number } = EXPERIMENTS_RETRY): number[] {
  return Array.from({ length: retry.attempts }, (_, i) => Math.round(Math.min(retry.maxMs, retry.firstMs * retry.factor ** i)));
}

/** The queue with `item` added at the end; at the cap the oldest go first. */
export function enqueueCapped<T>(queue: readonly T[], item: T, cap: number = EXPOSURE_QUEUE_CAP): T[] {
  const next = [...queue, item];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Who a signed-in player is to the experiments service; the web and the server ask with the same one. */
export const playerSubject = (userId: number): string => `user:${String(userId).padStart(8, '0')}`;

/** The experiment that moves the payment minimum (spec §7). */
export const CHANGE_MIN_SUM = 'change-min-sum';
export const CHANGE_MIN_SUM_VARIANTS = ['true', 'false'] as const;

/**
 * Spec §7: the variant 'false' of change-min-sum means the payment minimum sum was changed. Any
 * other variant says it was not; no answer yet (flags not loaded) is `undefined`, for which the
 * payment tables' current minimum holds (`methodMin`).
 */
export const minSumChangedOf = (variant: string | null | undefined): boolean | undefined =>
  variant === undefined || variant === null ? undefined : variant === 'false';
