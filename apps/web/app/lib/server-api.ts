import type { Lang } from './lang.ts';
import { apiCall, type ApiCaller } from './api.ts';
import { tokenFromCookieHeader } from './session.ts';

/** What the store's server passes to loaders (apps/server/src/http/ssr.ts). */
export interface LoadContext {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** The built chunk of each language's texts, for the page to preload its own (absent in development). */
  textChunks?: Partial<Record<Lang, string>>;
}

/** The address of the page language's texts chunk, when the build has one. */
export const textChunkOf = (context: unknown, lang: Lang): string | null => (context as LoadContext).textChunks?.[lang] ?? null;

/**
 * API calls made while rendering on the server: in-process, with the player's token from the
 * cookie and the page's language.
 */
export function serverApi(context: unknown, request: Request, lang: Lang) {
  const { apiFetch } = context as LoadContext;
  const token = tokenFromCookieHeader(request.headers.get('cookie'));
  return {
    token,
    call: ((path, opts = {}) =>
      apiCall(path, { ...opts, lang, token, fetcher: apiFetch })) as ApiCaller,
  };
}
