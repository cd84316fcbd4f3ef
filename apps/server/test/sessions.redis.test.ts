import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/** Runs only with REDIS_URL (see vitest.config.ts): two server processes share one Redis bus. */
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

describe('sign out everywhere across server processes (Redis)', () => {
  it('refuses the player’s tokens on the other process at once, though it had them cached', async () => {
    const a = await buildApp({ env: store.env, database: store.database });
    const b = await buildApp({ env: store.env, database: store.database });
    await a.ready();
    await b.ready();
    try {
      const p = await registerPlayer(a);
      const second = (await api(a, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } })).body.data.access_token as string;
      const bystander = await registerPlayer(a);
      const status = (token: string) => api(b, 'GET', '/api/v1/users/me', { token }).then((r) => r.status);
      for (const token of [p.token, second, bystander.token]) expect(await status(token)).toBe(200);

      // B remembers who a token is: a revocation written behind its back goes unnoticed there.
      await store.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${bystander.userId}`);
      expect(await status(bystander.token)).toBe(200);

      const res = await api(a, 'POST', '/api/v1/auth/revoke/all', { token: p.token });
      expect(res.body.data).toEqual({ revoked: 2 });
      // Well inside the cache's 15 s: only the announcement on the bus can make B forget.
      await expect.poll(() => Promise.all([status(p.token), status(second)]), { timeout: 2000, interval: 20 }).toEqual([401, 401]);
      expect(await status(bystander.token)).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
