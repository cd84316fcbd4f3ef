import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SESSIONS_CHANNEL } from '../src/modules/auth/session-cache.ts';
import type { BusMessage } from '../src/realtime/bus.ts';
import { api, cheapestCase, countRows, fundedPlayer, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const YEAR_S = 31_536_000;
/** What a browser on another site sends along with our cookie. */
const crossSite = { 'sec-fetch-site': 'cross-site' };
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

const setCookie = (res: { headers: Record<string, unknown> }): string => [res.headers['set-cookie'] ?? []].flat().join('\n');

/** A call carrying the player's session cookie and no Authorization header, as a browser makes it. */
const withCookie = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string, headers: Record<string, string> = {}, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie: `tastyToken=${encodeURIComponent(token)}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const sessionsOf = (userId: number) => countRows(store.database.db, sql`select count(*) as n from sessions where user_id = ${userId}`);
const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;

describe('the session cookie', () => {
  it('is set by the server on registration and sign-in: HttpOnly, SameSite=Lax, a year, not Secure on http', async () => {
    const reg = await store.app.inject({ method: 'POST', url: '/api/v1/auth/registration/quick', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(reg.statusCode).toBe(200);
    const { login, password, access_token } = reg.json().data;
    expect(setCookie(reg)).toBe(`tastyToken=${access_token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}`);

    const signIn = await store.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ login, password }) });
    expect(signIn.statusCode).toBe(200);
    expect(setCookie(signIn)).toBe(`tastyToken=${signIn.json().data.access_token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}`);

    // A refused sign-in leaves the browser's cookie alone.
    const wrong = await store.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ login, password: 'wrong-password' }) });
    expect(wrong.statusCode).toBe(401);
    expect(setCookie(wrong)).toBe('');
  });

  it('is Secure when the store is served over https', async () => {
    const https = await createTestStore({ PUBLIC_URL: 'https://store.example' });
    try {
      const reg = await https.app.inject({ method: 'POST', url: '/api/v1/auth/registration/quick', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(setCookie(reg)).toBe(`tastyToken=${reg.json().data.access_token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}; Secure`);
      const { login, password } = reg.json().data;
      const signIn = await https.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ login, password }) });
      expect(setCookie(signIn)).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure$/);
      // Behind a proxy the page's origin is PUBLIC_URL, not the address the proxy called.
      const revoke = await withCookie(https.app, 'POST', '/api/v1/auth/revoke', reg.json().data.access_token, { host: '10.0.0.5:3000', origin: 'https://store.example' });
      expect(revoke.json().data).toEqual({ revoked: true });
      expect(setCookie(revoke)).toBe('tastyToken=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
    } finally {
      await https.close();
    }
  });
});

describe('who the cookie signs in', () => {
  it('signs in our own page, and nobody else’s', async () => {
    const p = await registerPlayer(store.app);
    const me = (headers: Record<string, string>) => withCookie(store.app, 'GET', '/api/v1/users/me', p.token, headers);

    const own = await me(sameOrigin);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user_id).toBe(p.userId);
    // A browser without fetch metadata: a GET with no Origin or with our own.
    expect((await me({})).statusCode).toBe(200);
    expect((await me({ host: 'store.test', origin: 'http://store.test' })).statusCode).toBe(200);

    const foreign: Record<string, string>[] = [crossSite, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'none' }, { host: 'store.test', origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of foreign) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe('authentication');
    }
    // An API client's Bearer header works from anywhere.
    const bearer = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token, headers: crossSite });
    expect(bearer.body.data.user_id).toBe(p.userId);
  });

  it('treats another site’s POST with our cookie as a guest: nothing is bought, nothing is signed out', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, store.database.db, cheap.price * 2);
    const open = (headers: Record<string, string>) => withCookie(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, p.token, { host: 'store.test', ...headers }, { multi_open: 1 });

    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}, crossSite];
    for (const headers of foreign) {
      const res = await open(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe('authentication');
    }
    expect(await balanceOf(p)).toBe(cheap.price * 2);

    const revoke = await withCookie(store.app, 'POST', '/api/v1/auth/revoke', p.token, { host: 'store.test', origin: 'https://evil.example' });
    expect(revoke.json().data).toEqual({ revoked: false });
    expect(setCookie(revoke)).toBe('');

    // The same POST from our own page goes through, once.
    const ours = await open({ origin: 'http://store.test' });
    expect(ours.statusCode).toBe(200);
    expect(await balanceOf(p)).toBeCloseTo(cheap.price, 2);
  });

  it('hands the realtime key to our own page through the cookie', async () => {
    const p = await registerPlayer(store.app);
    const res = await withCookie(store.app, 'GET', '/api/v1/users/centrifugo/token', p.token, sameOrigin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.channel).toContain(String(p.userId));
    expect((await withCookie(store.app, 'GET', '/api/v1/users/centrifugo/token', p.token, crossSite)).statusCode).toBe(401);
  });

  it('answers a malformed cookie as a guest, not with a failure', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie: 'tastyToken=%zz%00', ...sameOrigin } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('authentication');
  });
});

describe('signing out', () => {
  it('refuses another site’s logout link: the session lives on and the cookie stays', async () => {
    const p = await registerPlayer(store.app);
    for (const headers of [crossSite, { 'sec-fetch-site': 'same-site' }, { host: 'store.test', origin: 'https://evil.example' }]) {
      const res = await withCookie(store.app, 'GET', '/nitro-api/logout', p.token, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ status: false, code: 'forbidden' });
      expect(setCookie(res)).toBe('');
    }
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(200);

    const own = await withCookie(store.app, 'GET', '/nitro-api/logout', p.token, sameOrigin);
    expect(own.json().data).toEqual({ revoked: true });
    expect(setCookie(own)).toBe('tastyToken=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(401);
  });

  it('revokes the cookie’s session on POST /auth/revoke from our page and clears the cookie', async () => {
    const p = await registerPlayer(store.app);
    const res = await withCookie(store.app, 'POST', '/api/v1/auth/revoke', p.token, { ...sameOrigin, origin: 'http://localhost' });
    expect(res.json().data).toEqual({ revoked: true });
    expect(setCookie(res)).toBe('tastyToken=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(401);
  });
});

describe('token sign-in', () => {
  it('takes up the same session instead of minting a new one', async () => {
    const p = await registerPlayer(store.app);
    const before = await sessionsOf(p.userId);
    const res = await store.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ token: p.token }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ access_token: p.token, user_id: p.userId });
    expect(setCookie(res)).toBe(`tastyToken=${p.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_S}`);
    expect(await sessionsOf(p.userId)).toBe(before);
  });

  it('refuses a revoked or unknown token and mints nothing', async () => {
    const p = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/auth/revoke', { token: p.token });
    const before = await sessionsOf(p.userId);
    for (const token of [p.token, 'x'.repeat(43)]) {
      const res = await store.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json', 'x-client-language': 'en' }, payload: JSON.stringify({ token }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials', message: 'Wrong login or password' });
      expect(setCookie(res)).toBe('');
    }
    expect(await sessionsOf(p.userId)).toBe(before);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the player, at once, and no one else’s', async () => {
    const p = await registerPlayer(store.app);
    const tokens = [p.token];
    for (let i = 0; i < 2; i++) tokens.push((await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } })).body.data.access_token);
    const other = await registerPlayer(store.app);
    // Every session is in use (and so remembered by the session cache) before the sign-out.
    for (const token of [...tokens, other.token]) expect((await api(store.app, 'GET', '/api/v1/users/me', { token })).status).toBe(200);

    const heard: BusMessage[] = [];
    const stop = store.app.deps.bus.listen((m) => m.channel === SESSIONS_CHANNEL && heard.push(m));
    try {
      const res = await withCookie(store.app, 'POST', '/api/v1/auth/revoke/all', tokens[1]!, { ...sameOrigin, origin: 'http://localhost' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ revoked: 3 });
      expect(setCookie(res)).toBe('tastyToken=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
      for (const token of tokens) expect((await api(store.app, 'GET', '/api/v1/users/me', { token })).status).toBe(401);
      expect((await api(store.app, 'GET', '/api/v1/users/me', { token: other.token })).status).toBe(200);
      await expect.poll(() => heard.map((m) => m.data)).toEqual([{ userId: p.userId }]);
    } finally {
      stop();
    }
    // None of the ended sessions can be taken up again by token sign-in.
    const again = await api(store.app, 'POST', '/api/v1/auth/login', { body: { token: tokens[0] } });
    expect(again.body.code).toBe('invalid_credentials');
  });

  it('needs a signed-in player', async () => {
    const res = await api(store.app, 'POST', '/api/v1/auth/revoke/all');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authentication');
  });
});
