import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, loginResponse, quickRegistrationBody, quickRegistrationResponse, revokeResponse } from '@store/shared/api/auth';
import { bearerToken, hashToken } from '../../http/auth.ts';
import { SESSIONS_CHANNEL } from '../../http/session-cache.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { login } from './login.ts';
import { registerQuick } from './register-quick.ts';
import { revokeSession } from './sessions.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const limited = { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: 60_000 } };

  r.post('/api/v1/auth/registration/quick', { config: limited, schema: { tags: ['auth'], body: quickRegistrationBody, response: okResponse(quickRegistrationResponse) } }, async (req) =>
    ok(await registerQuick({ db, language: req.body?.language ?? langOf(req), ip: req.ip })),
  );

  r.post('/api/v1/auth/login', { config: limited, schema: { tags: ['auth'], body: loginBody, response: okResponse(loginResponse) } }, async (req) =>
    ok(await login({ db, body: req.body })),
  );

  const revoke = async (token: string | null) => {
    if (!token) return { revoked: false };
    const revoked = await revokeSession(db, token);
    app.deps.sessions.forget(token);
    app.deps.bus.publish(SESSIONS_CHANNEL, 'revoked', { tokenHash: hashToken(token) });
    return { revoked };
  };
  r.post('/api/v1/auth/revoke', { schema: { tags: ['auth'], response: okResponse(revokeResponse) } }, async (req) => ok(await revoke(bearerToken(req))));

  // The web server's own logout: it ends the session of the bearer token or of the cookie.
  r.get('/nitro-api/logout', { schema: { tags: ['auth'], response: okResponse(revokeResponse) } }, async (req, reply) => {
    const cookieToken = /(?:^|;\s*)tastyToken=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const result = await revoke(bearerToken(req) ?? (cookieToken ? decodeURIComponent(cookieToken) : null));
    reply.header('set-cookie', 'tastyToken=; Path=/; Max-Age=0; SameSite=Lax');
    return ok(result);
  });
}
