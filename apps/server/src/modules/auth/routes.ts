import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginBody,
  loginResponse,
  quickRegistrationBody,
  quickRegistrationResponse,
  revokeAllResponse,
  revokeResponse,
} from '@store/shared/api/auth';
import { bearerToken, clearedSessionCookie, cookieToken, isSameOriginRequest, requestToken, requireUser, sessionCookie } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { login } from './login.ts';
import { registerQuick } from './register-quick.ts';
import { endAllSessions, endSession } from './end-sessions.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const limited = { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: 60_000 } };
  const publicUrl = env.PUBLIC_URL;
  // The browser keeps the session in an HttpOnly cookie; API clients read access_token instead.
  const signIn = <T extends { access_token: string }>(reply: FastifyReply, session: T) => {
    reply.header('set-cookie', sessionCookie(session.access_token, publicUrl));
    return ok(session);
  };
  // Only a request that could have used the cookie may clear it; another site gets no say.
  const dropCookie = (req: FastifyRequest, reply: FastifyReply) => {
    if (bearerToken(req) || isSameOriginRequest(req, publicUrl)) reply.header('set-cookie', clearedSessionCookie(publicUrl));
  };

  r.post('/api/v1/auth/registration/quick', { config: limited, schema: { tags: ['auth'], summary: 'Register an account with a generated login and password, and sign it in', body: quickRegistrationBody, response: okResponse(quickRegistrationResponse) } }, async (req, reply) =>
    signIn(reply, await registerQuick({ db, language: req.body?.language ?? langOf(req), ip: req.ip, userAgent: req.headers['user-agent'] })),
  );

  r.post('/api/v1/auth/login', { config: { ...limited, errors: ['invalid_credentials', 'account_blocked'] }, schema: { tags: ['auth'], summary: 'Sign in with a login and password', body: loginBody, response: okResponse(loginResponse) } }, async (req, reply) =>
    signIn(reply, await login({ db, body: req.body })),
  );

  r.post('/api/v1/auth/revoke', { schema: { tags: ['auth'], summary: 'Sign out this session (a call without one succeeds too)', response: okResponse(revokeResponse) } }, async (req, reply) => {
    const token = requestToken(req, publicUrl);
    const revoked = token ? await endSession(app.deps, token) : false;
    dropCookie(req, reply);
    return ok({ revoked });
  });

  r.post('/api/v1/auth/revoke/all', { schema: { tags: ['auth'], summary: 'Sign out every session of the player', response: okResponse(revokeAllResponse) } }, async (req, reply) => {
    const user = requireUser(req);
    const revoked = await endAllSessions(app.deps, user.id);
    dropCookie(req, reply);
    return ok({ revoked });
  });

  // The web server's own logout, a GET: another site's link or image must not sign anyone out,
  // so the cookie counts only when our own page asks.
  r.get('/nitro-api/logout', { config: { errors: ['forbidden'] }, schema: { tags: ['auth'], summary: "Sign out the web app's session and clear its cookie", response: okResponse(revokeResponse) } }, async (req, reply) => {
    const bearer = bearerToken(req);
    if (!bearer && !isSameOriginRequest(req, publicUrl)) throw new AppError('forbidden');
    const token = bearer ?? cookieToken(req);
    const revoked = token ? await endSession(app.deps, token) : false;
    reply.header('set-cookie', clearedSessionCookie(publicUrl));
    return ok({ revoked });
  });
}
