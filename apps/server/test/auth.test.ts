import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, countRows, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

describe('quick registration and sign-in', () => {
  it('makes up a login and password, shows them once and signs the player in', async () => {
    const res = await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} });
    expect(res.status).toBe(200);
    const { login, password, access_token, user_id } = res.body.data;
    expect(login).toMatch(/^player\d{8}$/);
    expect(password).toHaveLength(12);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user_id, login, finance: { balance: 0, currency: 'GOLD' } });
    // The password is never stored in the clear.
    const stored = await countRows(store.database.db, sql`select count(*) as n from users where password_hash = ${password}`);
    expect(stored).toBe(0);
  });

  it('signs in with login and password and refuses a wrong password in the player language', async () => {
    const p = await registerPlayer(store.app);
    const ok = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } });
    expect(ok.status).toBe(200);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: ok.body.data.access_token })).body.data.user_id).toBe(p.userId);

    const ru = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: 'wrong-password' } });
    expect(ru.status).toBe(401);
    expect(ru.body).toMatchObject({ status: false, code: 'invalid_credentials', message: 'Неверный логин или пароль' });
    const en = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: 'nobody-here', password: 'x' }, lang: 'en' });
    expect(en.body).toMatchObject({ code: 'invalid_credentials', message: 'Wrong login or password' });
  });

  it('refuses malformed sign-in bodies with a validation error', async () => {
    for (const body of [{}, { login: 5, password: 'x' }, { login: 'a', password: '' }, { login: 'a', password: 'b', extra: 1 }]) {
      const res = await api(store.app, 'POST', '/api/v1/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
    }
  });

  it('revokes a token so it no longer signs anyone in', async () => {
    const p = await registerPlayer(store.app);
    const revoke = await api(store.app, 'POST', '/api/v1/auth/revoke', { token: p.token });
    expect(revoke.body.data).toEqual({ revoked: true });
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('authentication');
  });

  it('logs out through the web server route and clears the cookie', async () => {
    const p = await registerPlayer(store.app);
    const res = await store.app.inject({ method: 'GET', url: '/nitro-api/logout', headers: { cookie: `tastyToken=${p.token}` } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/tastyToken=;/);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('stops a flood of registrations or sign-ins from one address', async () => {
    const limited = await createTestStore({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await api(limited.app, 'POST', '/api/v1/auth/registration/quick', { body: {} })).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const logins = [];
      for (let i = 0; i < 4; i++) logins.push(await api(limited.app, 'POST', '/api/v1/auth/login', { body: { login: 'x', password: 'y' }, lang: 'en' }));
      expect(logins.map((r) => r.status)).toEqual([401, 401, 401, 429]);
      expect(logins[3]!.body).toMatchObject({ code: 'too_many_requests', message: 'Too many requests, please wait a little' });
    } finally {
      await limited.close();
    }
  });
});
