import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { levelInfo, me, publicUser, realtimeTokenResponse, userIdParams } from '@store/shared/api/users';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { privateChannel, realtimeToken } from '../../realtime/hub.ts';
import { getMe, getPublicUser, levelsOf } from './get-user.ts';
import { eq, inArray } from 'drizzle-orm';
import { users } from './schema.ts';
import { AppError } from '../../http/errors.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtimeSecret } = app.deps;

  r.get('/api/v1/users/me', { schema: { tags: ['users'], response: okResponse(me) } }, async (req) => ok(await getMe(db, requireUser(req).id)));

  r.get('/api/v1/users/centrifugo/token', { schema: { tags: ['users'], response: okResponse(realtimeTokenResponse) } }, async (req) => {
    const user = requireUser(req);
    return ok({ centryfugo_key: realtimeToken(realtimeSecret, user.id), channel: privateChannel(user.id) });
  });

  r.get('/api/v1/users/:userId', { schema: { tags: ['users'], params: userIdParams, response: okResponse(publicUser) } }, async (req) =>
    ok(await getPublicUser(db, req.params.userId)),
  );

  r.get('/api/v1/users/:userId/levels', { schema: { tags: ['users'], params: userIdParams, response: okResponse(levelInfo) } }, async (req) => {
    const rows = await db.select({ exp: users.exp }).from(users).where(eq(users.id, req.params.userId));
    if (!rows[0]) throw new AppError('userNotFound');
    return ok(levelsOf(rows[0].exp));
  });

  r.get(
    '/api/v1/users/levels',
    {
      schema: {
        tags: ['users'],
        querystring: z.object({ userIds: z.string().max(2000) }),
        response: okResponse(z.array(z.object({ user_id: z.number(), level: z.number() }))),
      },
    },
    async (req) => {
      const ids = [...new Set(req.query.userIds.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31))].slice(0, 100);
      const rows = ids.length ? await db.select({ id: users.id, exp: users.exp }).from(users).where(inArray(users.id, ids)) : [];
      const byId = new Map(rows.map((u) => [u.id, levelsOf(u.exp).user_level]));
      // Spec §8: an unknown player's level is 0, never an error.
      return ok(ids.map((id) => ({ user_id: id, level: byId.get(id) ?? 0 })));
    },
  );
}
