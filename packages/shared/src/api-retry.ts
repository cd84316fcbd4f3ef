/**
 * When the client asks again by itself (spec §7): once for a method that changes nothing (a GET
 * asked twice is the same question), never for POST, PATCH, PUT or DELETE (asked twice it could
 * act twice; those carry an Idempotency-Key instead and are retried by the player), and only on
 * the statuses that say "try again": a timeout, a conflict, too early, too many, or the server or
 * its proxy failing.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How many times a call of `method` is asked again after a retryable status. */
export const retriesFor = (method: string): number => (IDEMPOTENT_METHODS.has(method.toUpperCase()) ? 1 : 0);

/** Whether the answer `status` to attempt number `attempt` (0 for the first) is asked again. */
export const shouldRetry = (method: string, status: number, attempt: number): boolean => attempt < retriesFor(method) && RETRY_STATUSES.has(status);

/** The wait before asking again: the server's Retry-After (seconds) when it gives one, within 0.2–2 s. */
export function retryDelayMs(retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  return Number.isFinite(seconds) ? Math.min(2000, Math.max(200, seconds * 1000)) : 300;
}

/**
 * Spec §8 auth errors: the codes after which the session reader (the client's "auth client",
 * decision 082) signs the player out. A 401's `authentication` says the session is gone; an
 * `unpredicted` answer to the session read, after its retry, leaves the page not knowing who is
 * signed in, so it shows a guest's rather than a player it cannot vouch for.
 */
export const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(['authentication', 'unpredicted']);

export const endsSession = (code: string): boolean => SESSION_ENDING_CODES.has(code);
