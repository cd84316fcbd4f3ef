import { createContext, type RouterContextProvider } from 'react-router';
import { COUNTRY_HEADER_NAMES } from '@store/shared/payments/countries';
import type { Lang } from './lang.ts';
import { apiCall, type ApiCaller } from './api.ts';
import { tokenFromCookieHeader } from './session.ts';

/** What the store's server hands every render and data request (apps/server/src/http/ssr.ts, `WebLoadContext` there). */
export interface LoadContext {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** This response's CSP nonce: every inline script of the render carries it (entry.server.tsx). */
  nonce: string;
  /** The built chunk of each language's frame texts, for the page to preload its own (absent in development). */
  textChunks?: Partial<Record<Lang, string>>;
  /** The built chunk of each language's page texts (decision 041). */
  pageTextChunks?: Partial<Record<Lang, string>>;
}

/**
 * Where loaders find it: `context.get(loadContext)` (React Router's middleware context, decision 085).
 * The server takes this key from the build's entry (entry.server.tsx exports it) and sets it in the
 * RouterContextProvider it passes with each request; none set is an error, not an empty context.
 */
export const loadContext = createContext<LoadContext>();

/** A loader's `context`. */
export type ServerContext = Readonly<RouterContextProvider>;

/** The address of the page language's frame texts chunk, when the build has one. */
export const textChunkOf = (context: ServerContext, lang: Lang): string | null => context.get(loadContext).textChunks?.[lang] ?? null;

/** The address of the page language's page texts chunk, when the build has one. */
export const pageTextChunkOf = (context: ServerContext, lang: Lang): string | null =>
  context.get(loadContext).pageTextChunks?.[lang] ?? null;

/**
 * What the visitor's own request says about where they are, passed on to the in-process calls:
 * the browser's languages and the CDN's country. The payment country is looked up from them
 * (decision 043); without them the page's language decided it, and an English page gave a
 * player in Russia the American table until the browser asked again.
 */
const VISITOR_HEADERS = ['accept-language', ...COUNTRY_HEADER_NAMES] as const;

/**
 * API calls made while rendering on the server: in-process, with the player's token from the
 * cookie, the page's language and the visitor's own location headers.
 */
export function serverApi(context: ServerContext, request: Request, lang: Lang) {
  const { apiFetch } = context.get(loadContext);
  const token = tokenFromCookieHeader(request.headers.get('cookie'));
  const visitor: Record<string, string> = {};
  for (const name of VISITOR_HEADERS) {
    const value = request.headers.get(name);
    if (value) visitor[name] = value;
  }
  const fetcher = (path: string, init: RequestInit = {}) => apiFetch(path, { ...init, headers: { ...visitor, ...(init.headers as Record<string, string>) } });
  return {
    token,
    call: ((path, opts = {}) => apiCall(path, { ...opts, lang, token, fetcher })) as ApiCaller,
  };
}
