import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '@store/shared/operators';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: number;
  isAdmin: boolean;
  /** The operator role, null for a player (packages/shared/src/operators.ts). */
  role: OperatorRole | null;
  /** An operator blocked the account: its sessions sign nobody in until it is unblocked. */
  blocked: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; null for a guest and for a blocked account's session. */
    authUser: AuthUser | null;
    /** The request carried the session of a blocked account (it is served as a guest's). */
    blockedSession: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/** The web app's session cookie (spec §9 names it). The browser keeps it; no script can read it. */
export const SESSION_COOKIE = 'tastyToken';
const SESSION_MAX_AGE_S = 365 * 24 * 3600;

/** The session cookie's token; a malformed value counts as none. */
export function cookieToken(req: FastifyRequest): string | null {
  const m = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '');
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isOwnOrigin(req: FastifyRequest, origin: string, publicUrl: string | undefined): boolean {
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  return origin === `${req.protocol}://${req.host}`;
}

/**
 * Whether the request comes from one of our own pages. Browsers say so in fetch metadata; one
 * without it is believed when its Origin is ours, or when it has no Origin and cannot change
 * anything (a GET). Another site's request is never taken for ours, so it cannot use the cookie.
 */
export function isSameOriginRequest(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (origin === undefined) return SAFE_METHODS.has(req.method);
  return isOwnOrigin(req, origin, publicUrl);
}

/**
 * The token a request signs in with: an API client's Bearer header, or else the session cookie
 * when our own page sent the request. Anything else is a guest.
 */
export function requestToken(req: FastifyRequest, publicUrl: string | undefined): string | null {
  return bearerToken(req) ?? (isSameOriginRequest(req, publicUrl) ? cookieToken(req) : null);
}

const secureFlag = (publicUrl: string | undefined) => (publicUrl?.startsWith('https:') ? '; Secure' : '');

/** Set-Cookie for a new session: HttpOnly, a year, Secure when the store is served over https. */
export const sessionCookie = (token: string, publicUrl: string | undefined): string =>
  `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_S}${secureFlag(publicUrl)}`;

/** Set-Cookie that makes the browser drop the session cookie. */
export const clearedSessionCookie = (publicUrl: string | undefined): string =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(publicUrl)}`;

/** The signed-in player, or the `authentication` error (answered as `account_blocked` to a blocked account's session). */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new AppError('authentication');
  return req.authUser;
}

/**
 * Who a request is, from the account its token resolved to: a blocked account's session is
 * nobody's (so no game, no money call and no operator call can run for it), remembered so the
 * error handler answers `account_blocked` where a guest would be asked to sign in.
 */
export function signIn(req: FastifyRequest, user: AuthUser | null): void {
  req.blockedSession = user?.blocked ?? false;
  req.authUser = user && !user.blocked ? user : null;
}
