import { cookieFromHeader } from './cookie-header.ts';

/**
 * The session cookie of spec §9. The server sets it HttpOnly, so no script in the page can read
 * it: the browser sends it with our own API calls, and the server render reads it from the page
 * request to call the API in-process as the player.
 */
export const TOKEN_COOKIE = 'tastyToken';

export function tokenFromCookieHeader(header: string | null | undefined): string | null {
  const raw = cookieFromHeader(header, TOKEN_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Set-Cookie that drops the session cookie, flagged like the one the server set. */
export const clearedTokenCookie = (secure: boolean): string =>
  `${TOKEN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
