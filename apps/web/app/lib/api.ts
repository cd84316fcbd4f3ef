import { retryDelayMs, shouldRetry } from '@store/shared/api-retry';
import type { Lang } from './lang.ts';

/** snake_case wire keys to camelCase, at the type level and at run time (DESIGN: API). */
type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;
export type Camel<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Camel<T[K]> }
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camel<T[K]> }
    : T;

/**
 * Each wire key's camelCase, worked out once: a regular expression with a callback per key made
 * camelizing a case list cost milliseconds of every render and every answer the browser read.
 * The wire's keys are the API's own fields, a few hundred; the bound keeps keys made of data
 * (ids, slugs) from growing it without end.
 */
const camelKeys = new Map<string, string>();
const CAMEL_KEYS_MAX = 4096;

function camelKey(key: string): string {
  if (!key.includes('_')) return key;
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camelKeys.size < CAMEL_KEYS_MAX) camelKeys.set(key, camel);
  }
  return camel;
}

export function camelize<T>(value: T): Camel<T> {
  if (Array.isArray(value)) return value.map(camelize) as Camel<T>;
  if (value && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k in source) if (Object.hasOwn(source, k)) out[camelKey(k)] = camelize(source[k]);
    return out as Camel<T>;
  }
  return value as Camel<T>;
}

/** A failure from the API: the catalogue code and the message already in the player's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * Whether a failure means "sign in first": the catalogue's `authentication`, and the battles'
 * own `error_battle_authorize` (spec §8), both 401. The page answers either with the sign-in dialog.
 */
export const isSignInRefusal = (e: unknown): e is ApiError => e instanceof ApiError && (e.code === 'authentication' || e.code === 'error_battle_authorize');

/** The call got no HTTP answer at all (the connection failed or dropped): it may or may not have run. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * The query cache's own retry: statuses are asked again in `apiCall` (spec §7), so a query asks
 * again only when no answer came at all (a dropped connection), once. A 4xx is never asked again.
 */
export const retryQuery = (failureCount: number, error: unknown): boolean => failureCount < 1 && error instanceof NetworkError;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  /** The server render's in-process calls only; the browser's calls carry the session cookie. */
  token?: string | null;
  lang: Lang;
  /** Calls that move money carry one per player action, so a retry is answered, not repeated. */
  idempotencyKey?: string;
  /** A paged list (`data` the list, `paginator` beside it): answered as `{ items, paginator }`. */
  paged?: boolean;
  fetcher?: (path: string, init: RequestInit) => Promise<Response>;
}

export async function apiCall<T>(path: string, opts: ApiOptions): Promise<Camel<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-client-language': opts.lang };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const init: RequestInit = {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  };
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await (opts.fetcher ?? fetch)(path, init);
    } catch (e) {
      throw new NetworkError(e);
    }
    // Spec §7: a GET is asked once more on a "try again" status; a POST never is (it may have acted).
    if (!shouldRetry(init.method!, res.status, attempt)) break;
    await res.body?.cancel().catch(() => undefined);
    await new Promise((r) => setTimeout(r, retryDelayMs(res.headers.get('retry-after'))));
  }
  const json = (await res.json().catch(() => null)) as { status?: boolean; data?: T; code?: string; message?: string; params?: Record<string, unknown> } | null;
  if (!res.ok || !json || json.status !== true) {
    const error = await apiErrorOf(res.status, json, opts.lang);
    if (res.status === 401) unauthorized?.(error);
    throw error;
  }
  const paged = json as { data?: unknown; paginator?: unknown };
  return camelize((opts.paged ? { items: paged.data, paginator: paged.paginator } : json.data) as T);
}

/**
 * Spec §8: a code the catalogue knows is kept as it is; anything else (a proxy's page, a code
 * from a newer server) becomes `unpredicted` with its generic text. The catalogue (both
 * languages, about 5 KB gzip) is fetched when a call first fails, not with every page.
 */
export async function apiErrorOf(
  status: number,
  json: { code?: unknown; message?: unknown; params?: Record<string, unknown> } | null,
  lang: Lang,
): Promise<ApiError> {
  const { errorMessage, isErrorCode } = await import('@store/shared/errors');
  if (json && isErrorCode(json.code)) {
    return new ApiError(status, json.code, typeof json.message === 'string' && json.message ? json.message : errorMessage(json.code, lang, json.params), json.params);
  }
  return new ApiError(status, 'unpredicted', errorMessage('unpredicted', lang));
}

let unauthorized: ((error: ApiError) => void) | null = null;

/**
 * Spec §8 HTTP 401: the session the browser holds is no longer good. The root registers what
 * follows (the session cookie dropped, the page shown signed out); the error is still thrown to
 * the caller. Returns the function that takes the handler away.
 */
export function onUnauthorized(handler: (error: ApiError) => void): () => void {
  unauthorized = handler;
  return () => {
    if (unauthorized === handler) unauthorized = null;
  };
}

/**
 * Spec §8 auth errors: the session read failed with `unpredicted` (after its retry), which signs
 * the player out as a 401 does. Goes to the same handler the root registered for 401s.
 */
export function sessionFailed(error: ApiError): void {
  unauthorized?.(error);
}

/** Makes an API call with the page's language (and, on the server, the player's token) already bound. */
export type ApiCaller = <T>(path: string, opts?: Omit<ApiOptions, 'lang' | 'token' | 'fetcher'>) => Promise<Camel<T>>;
