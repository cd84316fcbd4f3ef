import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerName, safeReturnPath, type SigninProvider } from '@store/shared/account';
import {
  nitroLoginResponse,
  providerParams,
  providerStartQuery,
  providerStartResponse,
  revokeResponse,
  sessionIdParams,
  sessionsResponse,
  SIGNIN_ERROR_PARAM,
  SIGNIN_RESULT_PARAM,
  type SigninResult,
} from '@store/shared/api/auth';
import { identitiesResponse } from '@store/shared/api/account';
import { langOfPath } from '@store/shared/locale-path';
import { bearerToken, requestToken, requireUser, sessionCookie } from '../../http/auth.ts';
import { noBody, ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { SESSIONS_CHANNEL } from './session-cache.ts';
import { hasPassword } from '../users/accounts.ts';
import { findIdentities } from './identities.ts';
import { hashToken, listOpenSessions, revokeSessionById, sessionId, takeUpSession } from './sessions.ts';
import { beginFlow, takeFlow } from './signin/flows.ts';
import { SigninRefused } from './signin/port.ts';
import type { SigninAdapters } from './signin/adapters.ts';
import { linkIdentity, signInWithIdentity, unlinkIdentity } from './complete-signin.ts';

/** Binds a sign-in to the browser that started it: the callback must come back with the same state. */
const STATE_COOKIE = 'signin_state';
const STATE_COOKIE_PATH = '/api/v1/auth';

const stateCookie = (state: string, secure: boolean) =>
  `${STATE_COOKIE}=${state}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure ? '; Secure' : ''}`;
const clearedStateCookie = (secure: boolean) => `${STATE_COOKIE}=; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;

function stateFromCookie(req: FastifyRequest): string | null {
  const m = new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([\\w-]+)`).exec(req.headers.cookie ?? '');
  return m?.[1] ?? null;
}

/**
 * The page to land on with the sign-in's result in its query (the page shows the notice). The
 * stored path is checked again here, in the form the redirect is built from: a flow begun before
 * the rule normalised paths may hold one that turns into another host.
 */
function landing(path: string, params: Record<string, string>): string {
  const url = new URL(safeReturnPath(path), 'http://store.local');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}

const callbackQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * Sign-in through Steam, Google and VK (spec §7 `GET /v1/auth/{provider}`; decision 022), the
 * account's linked providers, its sessions, and the external token sign-in of `/nitro-api/login`.
 */
export async function signinRoutes(app: FastifyInstance, adapters: SigninAdapters) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env, clock } = app.deps;
  const limited = { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: 60_000 } };
  const secure = env.PUBLIC_URL?.startsWith('https:') ?? false;
  const originOf = (req: FastifyRequest) => new URL(env.PUBLIC_URL ?? `${req.protocol}://${req.host}`).origin;
  const callbackUrl = (req: FastifyRequest, provider: SigninProvider) => `${originOf(req)}/api/v1/auth/${provider}/callback`;

  r.get(
    '/api/v1/auth/:provider',
    // Signed in only to link a provider (`?link=1`).
    {
      config: { ...limited, caller: 'anyone', errors: ['authentication', 'signin_failed'] },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in through Steam, Google or VK (or linking one, with `link`): a redirect to the provider',
        params: providerParams,
        querystring: providerStartQuery,
        response: { 302: okResponse(providerStartResponse)[200] },
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      const linkUserId = req.query.link ? requireUser(req).id : null;
      const flow = await beginFlow(db, { provider, returnPath: safeReturnPath(req.query.return_to), linkUserId, callbackUrl: callbackUrl(req, provider), now: clock.now() });
      let target: URL;
      try {
        target = await adapters.for(provider, originOf(req)).start(flow);
      } catch (err) {
        req.log.warn({ err, provider }, 'sign-in start failed');
        throw new AppError('signin_failed', { provider: providerName(provider) });
      }
      reply.header('set-cookie', stateCookie(flow.state, secure)).header('cache-control', 'no-store');
      return reply.code(302).header('location', target.toString()).send(ok({ target: target.toString() }));
    },
  );

  // The provider sends the browser here. Whatever goes wrong, the player lands back on a page
  // with the reason, never on an error document.
  r.get('/api/v1/auth/:provider/callback', { config: limited, schema: { hide: true, params: providerParams, querystring: callbackQuery } }, async (req, reply) => {
    const { provider } = req.params;
    const url = new URL(req.url, 'http://store.local');
    const state = url.searchParams.get('state');
    const cookies: string[] = [clearedStateCookie(secure)];
    const finish = (path: string, params: Record<string, string>) =>
      reply.header('set-cookie', cookies).header('cache-control', 'no-store').redirect(landing(path, { ...params, provider }), 302);
    const refuse = (path: string, code: 'signin_failed' | 'identity_taken' | 'account_blocked', reason: string) => {
      req.log.warn({ provider, reason }, 'sign-in refused');
      return finish(path, { [SIGNIN_ERROR_PARAM]: code });
    };

    // The state must be this browser's own (a login planted from another browser is refused),
    // and is honoured once (a replayed callback finds no flow).
    if (!state || stateFromCookie(req) !== state) return refuse('/', 'signin_failed', 'state missing or not this browser’s');
    const flow = await takeFlow(db, { state, provider, callbackUrl: callbackUrl(req, provider), now: clock.now() });
    if (!flow) return refuse('/', 'signin_failed', 'unknown, used or expired state');
    try {
      const profile = await adapters.for(provider, originOf(req)).finish(url, flow.secrets);
      let result: SigninResult;
      if (flow.linkUserId !== null) {
        await linkIdentity(db, { provider, profile, userId: flow.linkUserId });
        result = 'linked';
      } else {
        const signed = await signInWithIdentity(db, { provider, profile, language: langOfPath(flow.returnPath), ip: req.ip, userAgent: req.headers['user-agent'] });
        cookies.push(sessionCookie(signed.token, env.PUBLIC_URL));
        result = signed.result;
      }
      return finish(flow.returnPath, { [SIGNIN_RESULT_PARAM]: result });
    } catch (err) {
      if (err instanceof SigninRefused) return refuse(flow.returnPath, 'signin_failed', err.reason);
      if (err instanceof AppError && err.code === 'identity_taken') return refuse(flow.returnPath, 'identity_taken', 'identity belongs to another account');
      if (err instanceof AppError && err.code === 'account_blocked') return refuse(flow.returnPath, 'account_blocked', 'the account is blocked');
      throw err;
    }
  });

  r.get('/api/v1/users/identities', { schema: { tags: ['users'], summary: "The player's linked sign-in providers and whether a password is set", response: okResponse(identitiesResponse) } }, async (req) => ok(await identitiesOf(requireUser(req).id)));

  r.post(
    '/api/v1/users/identities/:provider/unlink',
    { config: { errors: ['identity_last'] }, schema: { tags: ['users'], summary: 'Unlink a sign-in provider, unless it is the last way in', params: providerParams, body: noBody, response: okResponse(identitiesResponse) } },
    async (req) => {
      const userId = requireUser(req).id;
      await unlinkIdentity(db, { provider: req.params.provider, userId });
      return ok(await identitiesOf(userId));
    },
  );

  async function identitiesOf(userId: number) {
    const [rows, password] = await Promise.all([findIdentities(db, userId), hasPassword(db, userId)]);
    return {
      identities: rows.map((i) => ({ provider: i.provider as SigninProvider, name: i.name, avatar: i.avatarUrl, subject: i.subject, linked_at: i.createdAt.toISOString() })),
      has_password: password,
    };
  }

  r.get('/api/v1/auth/sessions', { schema: { tags: ['auth'], summary: "The player's open sessions, marking the current one", response: okResponse(sessionsResponse) } }, async (req) => {
    const user = requireUser(req);
    const token = requestToken(req, env.PUBLIC_URL);
    const current = token ? hashToken(token) : null;
    const rows = await listOpenSessions(db, user.id);
    return ok({ sessions: rows.map((s) => ({ id: sessionId(s.tokenHash), created_at: s.createdAt.toISOString(), user_agent: s.userAgent, current: s.tokenHash === current })) });
  });

  r.post(
    '/api/v1/auth/sessions/:id/revoke',
    { schema: { tags: ['auth'], summary: 'Sign out one session of the player', params: sessionIdParams, body: noBody, response: okResponse(revokeResponse) } },
    async (req) => {
      const user = requireUser(req);
      const tokenHash = await revokeSessionById(db, user.id, req.params.id);
      if (tokenHash) app.deps.bus.publish(SESSIONS_CHANNEL, 'revoked', { tokenHash });
      return ok({ revoked: tokenHash !== null });
    },
  );

  /**
   * External token sign-in (spec §7): another of our services hands the browser a token; this
   * takes up that open session as the browser's cookie. No body; the token is the Bearer header.
   */
  r.post('/nitro-api/login', { config: { ...limited, errors: ['invalid_credentials', 'account_blocked'] }, schema: { tags: ['auth'], summary: 'Take up an open session from its Bearer token as the session cookie', response: okResponse(nitroLoginResponse) } }, async (req, reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('invalid_credentials');
    const user = await takeUpSession(db, token);
    reply.header('set-cookie', sessionCookie(token, env.PUBLIC_URL));
    return ok({ access_token: token, user_id: user.id });
  });
}
