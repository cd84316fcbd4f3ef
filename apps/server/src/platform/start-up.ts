import pg from 'pg';

/** A reason the store cannot start, told in one line that names the setting and the way out. */
export class StartUpError extends Error {}

export interface BackoffOptions {
  /** How long to keep trying, from the first attempt. */
  forMs: number;
  /** Whether a failure may pass by waiting (a server still starting); any other is thrown at once. */
  retryable: (err: unknown) => boolean;
  firstWaitMs?: number;
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (err: unknown, waitMs: number) => void;
}

/** Runs `attempt` until it succeeds, waiting twice as long after each retryable failure, within `forMs`; then throws the last failure. */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, opts: BackoffOptions): Promise<T> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + opts.forMs;
  let wait = opts.firstWaitMs ?? 250;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      const left = deadline - now();
      if (!opts.retryable(err) || left <= 0) throw err;
      const ms = Math.min(wait, opts.maxWaitMs ?? 5_000, left);
      opts.onRetry?.(err, ms);
      await sleep(ms);
      wait *= 2;
    }
  }
}

const code = (err: unknown) => (err as { code?: string })?.code;

/** Failures a database that is starting, restarting or not yet in the DNS gives; waiting may cure them. */
export function isUnreachable(err: unknown): boolean {
  const c = code(err);
  if (c && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P03'].includes(c)) return true;
  // node-postgres' own connection timeout carries no code.
  return /timeout|terminated unexpectedly/i.test((err as Error)?.message ?? '');
}

/** Where a URL points, without its credentials. */
export function place(url: string, defaultPort: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || defaultPort}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'an unreadable address';
  }
}

const why = (err: unknown) => code(err) ?? (err as Error)?.message ?? String(err);

/**
 * Waits until the database at DATABASE_URL takes a connection, for up to `seconds` (a
 * database started alongside the store comes up within them); a refusal that waiting cannot
 * cure (a wrong password, a missing database) stops at once.
 */
export async function reachDatabase(url: string, seconds: number, opts: Partial<BackoffOptions> = {}): Promise<void> {
  const attempt = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    // A failed connection may also emit 'error'; the rejected connect() carries it.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  try {
    await retryWithBackoff(attempt, { forMs: seconds * 1000, retryable: isUnreachable, ...opts });
  } catch (err) {
    throw new StartUpError(
      isUnreachable(err)
        ? `cannot reach the database at DATABASE_URL (${place(url, '5432')}: ${why(err)}) within ${seconds} s; start PostgreSQL there or fix DATABASE_URL (DATABASE_CONNECT_TIMEOUT_S sets the wait)`
        : `the database at DATABASE_URL (${place(url, '5432')}) refused the store: ${(err as Error).message}${code(err) ? ` (${code(err)})` : ''}; fix DATABASE_URL`,
    );
  }
}

/** The one line for a listen that failed: a taken port names PORT, else the failure as it is. */
export function listenFailure(err: unknown, host: string, port: number): StartUpError | null {
  if (code(err) === 'EADDRINUSE') return new StartUpError(`port ${port} on ${host} is taken by another process; stop it or set PORT to a free port`);
  if (code(err) === 'EACCES') return new StartUpError(`port ${port} on ${host} needs privileges this process lacks; set PORT to 1024 or above`);
  if (code(err) === 'EADDRNOTAVAIL') return new StartUpError(`${host} is not an address of this machine; fix HOST`);
  return null;
}
