import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SigninProvider } from '@store/shared/account';
import { api, countRows, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { setPlayerBlocked } from '../src/modules/operators/block-player.ts';
import { storeEvents } from '../src/modules/operators/operator-events.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

// A browser's side of a sign-in, through app.inject: the cookies it keeps and the pages it is sent to.
interface Browser {
  cookies: Map<string, string>;
}
const newBrowser = (): Browser => ({ cookies: new Map() });
const cookieHeader = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
function keepCookies(b: Browser, setCookie: string | string[] | undefined) {
  for (const line of [setCookie ?? []].flat()) {
    const [pair, ...attrs] = line.split(';');
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    if (attrs.some((a) => /max-age=0/i.test(a.trim()))) b.cookies.delete(name);
    else b.cookies.set(name, value);
  }
}
async function visit(b: Browser, method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
  const u = new URL(url, 'http://localhost:80');
  const res = await store.app.inject({
    method,
    url: `${u.pathname}${u.search}`,
    headers: {
      cookie: cookieHeader(b),
      'sec-fetch-site': 'same-origin',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: form ? new URLSearchParams(form).toString() : undefined,
  });
  keepCookies(b, res.headers['set-cookie'] as string | string[] | undefined);
  return res;
}
/** The hidden fields and form action of the sandbox's consent screen. */
function screenForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const fields: Record<string, string> = {};
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[unescape(m[1]!)] = unescape(m[2]!);
  return { action, fields };
}

/** Starts a sign-in and goes through the provider's screen; the callback address it would be sent to. */
async function toCallback(b: Browser, provider: SigninProvider, o: { subject: string; name?: string; returnTo?: string; link?: boolean; decision?: 'allow' | 'deny' }) {
  const q = new URLSearchParams({ return_to: o.returnTo ?? '/leaderboard', ...(o.link ? { link: '1' } : {}) });
  const start = await visit(b, 'GET', `/api/v1/auth/${provider}?${q.toString()}`);
  expect(start.statusCode).toBe(302);
  expect(start.json().data.target).toBe(start.headers.location);
  const screen = await visit(b, 'GET', start.headers.location as string);
  expect(screen.statusCode).toBe(200);
  const { action, fields } = screenForm(screen.body);
  const sent = await visit(b, 'POST', action, { ...fields, sandbox_name: o.name ?? 'Sandbox Player', sandbox_subject: o.subject, sandbox_decision: o.decision ?? 'allow' });
  expect(sent.statusCode).toBe(302);
  return new URL(sent.headers.location as string);
}
async function landing(b: Browser, callback: URL | string) {
  const res = await visit(b, 'GET', callback.toString());
  expect(res.statusCode).toBe(302);
  const to = new URL(res.headers.location as string, 'http://localhost:80');
  return { path: to.pathname, params: Object.fromEntries(to.searchParams), token: b.cookies.get('tastyToken') ?? null };
}
async function signIn(provider: SigninProvider, subject: string, o: { name?: string; returnTo?: string; browser?: Browser } = {}) {
  const b = o.browser ?? newBrowser();
  const to = await landing(b, await toCallback(b, provider, { subject, ...o }));
  return { ...to, browser: b };
}
const me = async (token: string) => (await api(store.app, 'GET', '/api/v1/users/me', { token })).body.data;
const steamId = () => `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
const anyId = () => String(Math.floor(Math.random() * 1e9) + 1e8);
const accountsOf = (provider: string, subject: string) =>
  countRows(store.database.db, sql`select count(distinct user_id) as n from user_identities where provider = ${provider} and subject = ${subject}`);

describe('sign-in through each provider against the sandbox provider', () => {
  for (const [provider, subjectOf] of [
    ['steam', steamId],
    ['google', anyId],
    ['vk', anyId],
  ] as const) {
    it(`${provider}: a new account, back on the starting page, then the same account again`, async () => {
      const subject = subjectOf();
      const first = await signIn(provider, subject, { name: `Hero ${provider}`, returnTo: '/en/daily-cases?tab=2' });
      expect(first.path).toBe('/en/daily-cases');
      expect(first.params).toMatchObject({ tab: '2', signin: 'new', provider });
      const player = await me(first.token!);
      expect(player).toMatchObject({ reg_type: provider, nickname: `Hero ${provider}`, language: 'en' });
      // The provider's picture is the account's picture.
      expect(player.avatar).toContain('/sandbox/signin/avatar.svg');
      if (provider === 'steam') expect(player.steam.id).toBe(subject);
      else expect(player.steam.id).toBeNull();

      const again = await signIn(provider, subject);
      expect(again.params).toMatchObject({ signin: 'ok', provider });
      expect(again.path).toBe('/leaderboard');
      expect((await me(again.token!)).user_id).toBe(player.user_id);
      expect(again.token).not.toBe(first.token);
      expect(await accountsOf(provider, subject)).toBe(1);
    });

    it(`${provider}: denying on the provider's screen signs nobody in`, async () => {
      const b = newBrowser();
      const to = await landing(b, await toCallback(b, provider, { subject: subjectOf(), decision: 'deny', returnTo: '/event' }));
      expect(to).toMatchObject({ path: '/event', params: { signin_error: 'signin_failed', provider }, token: null });
    });
  }

  it('a callback is honoured once: replaying it signs nobody in', async () => {
    for (const provider of ['steam', 'google', 'vk'] as const) {
      const b = newBrowser();
      const callback = await toCallback(b, provider, { subject: provider === 'steam' ? steamId() : anyId() });
      const stateCookie = b.cookies.get('signin_state')!;
      expect((await landing(b, callback)).params.signin).toBe('new');
      const thief = newBrowser();
      thief.cookies.set('signin_state', stateCookie);
      expect(await landing(thief, callback)).toMatchObject({ params: { signin_error: 'signin_failed' }, token: null });
    }
  });

  it('a callback brought to another browser (no state cookie of its own) is refused and the flow stays usable', async () => {
    const b = newBrowser();
    const callback = await toCallback(b, 'google', { subject: anyId() });
    expect(await landing(newBrowser(), callback)).toMatchObject({ params: { signin_error: 'signin_failed' }, token: null });
    expect((await landing(b, callback)).params.signin).toBe('new');
  });

  it('sends the player back only to a page of this site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const to = await signIn('vk', anyId(), { returnTo });
      expect(to.path).toBe('/');
    }
  });

  describe('a return path that becomes another host only once normalised sends the player home', () => {
    const ORIGIN = 'http://localhost';
    // Where the callback sends the browser, as the header says it (not as a URL parser tidies it).
    async function rawLanding(b: Browser, callback: URL) {
      const res = await visit(b, 'GET', callback.toString());
      expect(res.statusCode).toBe(302);
      return res.headers.location as string;
    }
    const expectSameOrigin = (location: string, why: string) => {
      expect(location, why).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, ORIGIN).origin, why).toBe(ORIGIN);
      expect(new URL(location, ORIGIN).pathname, why).toBe('/');
    };
    const sneaky = ['/.//evil.example/x', '/%2e//evil.example', '/a/..//evil.example'];
    const outcomes = {
      success: { decision: 'allow', tamper: null },
      cancel: { decision: 'deny', tamper: null },
      // A callback the provider does not vouch for: the flow's error path.
      error: { decision: 'allow', tamper: (q: URLSearchParams) => (q.has('openid.sig') ? q.set('openid.sig', Buffer.from('forged').toString('base64')) : q.set('code', 'forged')) },
    } as const;
    for (const provider of ['steam', 'google', 'vk'] as const) {
      for (const [outcome, how] of Object.entries(outcomes)) {
        it(`${provider}, ${outcome}`, async () => {
          for (const returnTo of sneaky) {
            const b = newBrowser();
            const callback = await toCallback(b, provider, { subject: provider === 'steam' ? steamId() : anyId(), returnTo, decision: how.decision });
            how.tamper?.(callback.searchParams);
            const location = await rawLanding(b, callback);
            expectSameOrigin(location, `${returnTo}: ${location}`);
            const params = Object.fromEntries(new URL(location, ORIGIN).searchParams);
            if (outcome === 'success') expect(params).toMatchObject({ signin: 'new', provider });
            else expect(params).toMatchObject({ signin_error: 'signin_failed', provider });
          }
        });
      }
    }

    it('a path with dot segments that stays on this site lands on the page it names', async () => {
      const to = await signIn('google', anyId(), { returnTo: '/en/a/../%2e/leaderboard?type=weekly' });
      expect(to).toMatchObject({ path: '/en/leaderboard', params: { type: 'weekly', signin: 'new' } });
    });
  });

  it('a guest cannot start a link; an unknown provider is refused', async () => {
    const guest = await api(store.app, 'GET', '/api/v1/auth/steam?link=1');
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('authentication');
    expect((await api(store.app, 'GET', '/api/v1/auth/twitter')).status).toBe(400);
  });
});

describe('Steam OpenID 2.0 assertions are checked exactly', () => {
  async function tampered(change: (q: URLSearchParams) => void) {
    const b = newBrowser();
    const subject = steamId();
    const callback = await toCallback(b, 'steam', { subject });
    change(callback.searchParams);
    const to = await landing(b, callback);
    return { to, subject };
  }
  const refusedWithoutAccount = async (r: Awaited<ReturnType<typeof tampered>>) => {
    expect(r.to).toMatchObject({ params: { signin_error: 'signin_failed', provider: 'steam' }, token: null });
    expect(await accountsOf('steam', r.subject)).toBe(0);
  };

  it('refuses an assertion from another OpenID endpoint', async () => {
    await refusedWithoutAccount(await tampered((q) => q.set('openid.op_endpoint', 'https://evil.example/openid/login')));
  });
  it('refuses a claimed id of another host, and an identity that differs from it', async () => {
    await refusedWithoutAccount(
      await tampered((q) => {
        const id = q.get('openid.claimed_id')!.split('/').pop()!;
        q.set('openid.claimed_id', `https://evil.example/openid/id/${id}`);
        q.set('openid.identity', `https://evil.example/openid/id/${id}`);
      }),
    );
    await refusedWithoutAccount(await tampered((q) => q.set('openid.identity', q.get('openid.claimed_id')!.replace(/\d{4}$/, '0000'))));
  });
  it('refuses another id swapped into a signed assertion (the provider does not vouch for it)', async () => {
    const other = steamId();
    const r = await tampered((q) => {
      const swap = (v: string) => v.replace(/7656119\d{10}$/, other);
      q.set('openid.claimed_id', swap(q.get('openid.claimed_id')!));
      q.set('openid.identity', swap(q.get('openid.identity')!));
    });
    expect(r.to).toMatchObject({ params: { signin_error: 'signin_failed' }, token: null });
    expect(await accountsOf('steam', other)).toBe(0);
  });
  it('refuses a forged signature (is_valid:false), a wrong namespace and unsigned fields', async () => {
    await refusedWithoutAccount(await tampered((q) => q.set('openid.sig', Buffer.from('forged').toString('base64'))));
    await refusedWithoutAccount(await tampered((q) => q.set('openid.ns', 'http://openid.net/signon/1.1')));
    await refusedWithoutAccount(await tampered((q) => q.set('openid.signed', 'signed,op_endpoint,claimed_id,identity')));
  });
  it('refuses a harvested assertion replayed into a new sign-in', async () => {
    const victim = newBrowser();
    const harvested = await toCallback(victim, 'steam', { subject: steamId() });
    expect((await landing(victim, harvested)).params.signin).toBe('new');
    // The attacker starts a flow of their own and brings the old assertion under the new state.
    const attacker = newBrowser();
    const fresh = await visit(attacker, 'GET', '/api/v1/auth/steam?return_to=/');
    const state = new URL(fresh.headers.location as string).searchParams.get('openid.return_to')!;
    const replay = new URL(harvested);
    replay.searchParams.set('state', new URL(state).searchParams.get('state')!);
    expect(await landing(attacker, replay)).toMatchObject({ params: { signin_error: 'signin_failed' }, token: null });
  });
});

describe("the sandbox sign-in screen speaks the player's language", () => {
  for (const provider of ['steam', 'google', 'vk'] as const) {
    it(`${provider}: the language of the page the sign-in started on, else the store's language cookie, else the browser's`, async () => {
      const screenLang = async (returnTo: string, cookie?: string, acceptLanguage?: string) => {
        const b = newBrowser();
        if (cookie) b.cookies.set('locale', cookie);
        const start = await visit(b, 'GET', `/api/v1/auth/${provider}?${new URLSearchParams({ return_to: returnTo }).toString()}`);
        const u = new URL(start.headers.location as string);
        const res = await store.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { cookie: cookieHeader(b), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });
        expect(res.statusCode).toBe(200);
        return /<html lang="(\w+)">/.exec(res.body)![1];
      };
      // An English page in a Russian browser, and the other way round: the page wins.
      expect(await screenLang('/en/faq', undefined, 'ru-RU,ru;q=0.9')).toBe('en');
      expect(await screenLang('/faq', 'en', 'en-US')).toBe('ru');
      // A request without a known flow (a stale or foreign state) falls back to the cookie, then the browser.
      const stray = (cookie?: string, acceptLanguage?: string) =>
        store.app.inject({
          method: 'GET',
          url: provider === 'steam' ? '/sandbox/signin/steam/openid/login' : `/sandbox/signin/${provider === 'google' ? 'google' : 'vk'}/authorize?state=unknown`,
          headers: { ...(cookie ? { cookie: `locale=${cookie}` } : {}), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
        });
      expect((await stray('en', 'ru-RU')).body).toContain('<html lang="en">');
      expect((await stray(undefined, 'en-US')).body).toContain('<html lang="en">');
      expect((await stray(undefined, 'ru-RU')).body).toContain('<html lang="ru">');
    });
  }
});

describe('the sandbox identity provider returns only to this store', () => {
  const STEAM = '/sandbox/signin/steam/openid/login';
  const ours = 'http://localhost/api/v1/auth/steam/callback?state=abc';
  const steamStart = (returnTo: string, realm: string) =>
    visit(newBrowser(), 'GET', `${STEAM}?${new URLSearchParams({ 'openid.ns': 'http://specs.openid.net/auth/2.0', 'openid.mode': 'checkid_setup', 'openid.return_to': returnTo, 'openid.realm': realm }).toString()}`);
  const steamConsent = (returnTo: string) =>
    visit(newBrowser(), 'POST', STEAM, { 'openid.return_to': returnTo, sandbox_name: 'Mallory', sandbox_subject: steamId(), sandbox_decision: 'allow' });

  it('Steam: a malformed return_to is a bad request, not a server error', async () => {
    for (const bad of ['not a url', 'http://', 'http://[::1', '::']) {
      expect((await steamConsent(bad)).statusCode, bad).toBe(400);
      expect((await steamStart(bad, bad.slice(0, 3))).statusCode, bad).toBe(400);
    }
  });

  it('Steam: signs for no other site, nor another page of this one', async () => {
    for (const foreign of ['https://evil.example/cb?state=abc', 'http://localhost.evil.example/api/v1/auth/steam/callback', 'http://localhost/api/v1/auth/google/callback', 'http://localhost/leaderboard']) {
      expect((await steamStart(foreign, new URL(foreign).origin)).statusCode, foreign).toBe(400);
      const consent = await steamConsent(foreign);
      expect(consent.statusCode, foreign).toBe(400);
      expect(consent.headers.location, foreign).toBeUndefined();
    }
    // This store's own callback is still served and signed for.
    expect((await steamStart(ours, 'http://localhost')).statusCode).toBe(200);
    const signed = await steamConsent(ours);
    expect(signed.statusCode).toBe(302);
    expect(new URL(signed.headers.location as string).origin).toBe('http://localhost');
  });

  it('Google and VK: only the registered callback is a redirect_uri, on the screen and on its form', async () => {
    for (const provider of ['google', 'vk'] as const) {
      const path = provider === 'google' ? '/sandbox/signin/google/authorize' : '/sandbox/signin/vk/authorize';
      const request = (redirectUri: string) => ({
        client_id: provider === 'google' ? 'sandbox-google-client' : '51800000',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: 'abc',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      for (const bad of ['not a url', 'http://[::1', `https://evil.example/api/v1/auth/${provider}/callback`, `http://localhost/api/v1/auth/${provider}/callback?next=//evil.example`, 'http://localhost/leaderboard']) {
        expect((await visit(newBrowser(), 'GET', `${path}?${new URLSearchParams(request(bad)).toString()}`)).statusCode, `${provider} ${bad}`).toBe(400);
        const consent = await visit(newBrowser(), 'POST', path, { ...request(bad), sandbox_decision: 'allow', sandbox_subject: anyId() });
        expect(consent.statusCode, `${provider} ${bad}`).toBe(400);
        expect(consent.headers.location).toBeUndefined();
      }
      expect((await visit(newBrowser(), 'GET', `${path}?${new URLSearchParams(request(`http://localhost/api/v1/auth/${provider}/callback`)).toString()}`)).statusCode).toBe(200);
    }
  });
});

describe('one identity, one account', () => {
  it('the same Steam id signing in many times at once makes one account', async () => {
    const subject = steamId();
    const browsers = Array.from({ length: 12 }, newBrowser);
    const callbacks = await Promise.all(browsers.map((b) => toCallback(b, 'steam', { subject, name: 'Racer' })));
    const results = await Promise.all(browsers.map((b, i) => landing(b, callbacks[i]!)));
    const userIds = new Set(await Promise.all(results.map(async (r) => (await me(r.token!)).user_id)));
    expect(userIds.size).toBe(1);
    expect(results.filter((r) => r.params.signin === 'new')).toHaveLength(1);
    expect(await accountsOf('steam', subject)).toBe(1);
    expect(await countRows(store.database.db, sql`select count(*) as n from users where nickname = 'Racer' and reg_type = 'steam' and id = ${[...userIds][0]}`)).toBe(1);
  });

  it('links another provider from the profile, and refuses an identity another account has', async () => {
    const player = await registerPlayer(store.app);
    const b = newBrowser();
    b.cookies.set('tastyToken', player.token);
    const subject = steamId();
    const linked = await landing(b, await toCallback(b, 'steam', { subject, link: true, returnTo: '/profile/settings' }));
    expect(linked).toMatchObject({ path: '/profile/settings', params: { signin: 'linked', provider: 'steam' } });
    const ids = await api(store.app, 'GET', '/api/v1/users/identities', { token: player.token });
    expect(ids.body.data).toMatchObject({ has_password: true, identities: [{ provider: 'steam', subject }] });
    expect((await me(player.token)).steam.id).toBe(subject);
    // Signing in with that Steam account now opens the quick-registered account.
    expect((await me((await signIn('steam', subject)).token!)).user_id).toBe(player.userId);

    const other = await registerPlayer(store.app);
    const ob = newBrowser();
    ob.cookies.set('tastyToken', other.token);
    const taken = await landing(ob, await toCallback(ob, 'steam', { subject, link: true, returnTo: '/profile/settings' }));
    expect(taken.params).toMatchObject({ signin_error: 'identity_taken', provider: 'steam' });
    expect((await api(store.app, 'GET', '/api/v1/users/identities', { token: other.token })).body.data.identities).toEqual([]);
  });

  it('two accounts linking the same identity at once: one gets it, the other is told it is taken', async () => {
    const subject = anyId();
    const players = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(store.app)));
    const browsers = players.map((p) => {
      const b = newBrowser();
      b.cookies.set('tastyToken', p.token);
      return b;
    });
    const callbacks = await Promise.all(browsers.map((b) => toCallback(b, 'vk', { subject, link: true })));
    const results = await Promise.all(browsers.map((b, i) => landing(b, callbacks[i]!)));
    expect(results.filter((r) => r.params.signin === 'linked')).toHaveLength(1);
    expect(results.filter((r) => r.params.signin_error === 'identity_taken')).toHaveLength(5);
    expect(await accountsOf('vk', subject)).toBe(1);
  });

  it('unlinks a provider unless it is the only way to sign in', async () => {
    const { token } = await signIn('google', anyId());
    const last = await api(store.app, 'POST', '/api/v1/users/identities/google/unlink', { token: token!, body: {} });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('identity_last');
    // With a second provider linked, the first may go; the account keeps the second.
    const b = newBrowser();
    b.cookies.set('tastyToken', token!);
    expect((await landing(b, await toCallback(b, 'vk', { subject: anyId(), link: true }))).params.signin).toBe('linked');
    const after = await api(store.app, 'POST', '/api/v1/users/identities/google/unlink', { token: token! });
    expect(after.status).toBe(200);
    expect(after.body.data.identities.map((i: { provider: string }) => i.provider)).toEqual(['vk']);
    // Both at once cannot leave the account with no way in.
    const both = await Promise.all(['vk', 'vk'].map(() => api(store.app, 'POST', '/api/v1/users/identities/vk/unlink', { token: token!, body: {} })));
    expect(both.every((r) => r.status === 409)).toBe(true);
  });
});

describe('sessions and external token sign-in', () => {
  it('lists the open sessions with the current one marked, and ends one of them', async () => {
    const subject = steamId();
    const a = await signIn('steam', subject);
    const b = await signIn('steam', subject);
    const list = await api(store.app, 'GET', '/api/v1/auth/sessions', { token: a.token! });
    expect(list.status).toBe(200);
    const sessions = list.body.data.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const otherId = sessions.find((s) => !s.current)!.id;
    // As the browser sends it: a plain POST without a body.
    const revoked = await api(store.app, 'POST', `/api/v1/auth/sessions/${otherId}/revoke`, { token: a.token! });
    expect(revoked.body.data.revoked).toBe(true);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: b.token! })).status).toBe(401);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: a.token! })).status).toBe(200);
    // Another player's session id ends nothing.
    const stranger = await registerPlayer(store.app);
    const mine = (await api(store.app, 'GET', '/api/v1/auth/sessions', { token: a.token! })).body.data.sessions[0].id;
    expect((await api(store.app, 'POST', `/api/v1/auth/sessions/${mine}/revoke`, { token: stranger.token, body: {} })).body.data.revoked).toBe(false);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: a.token! })).status).toBe(200);
  });

  it('POST /nitro-api/login takes up an open session from a Bearer token and sets the cookie', async () => {
    const p = await registerPlayer(store.app);
    const res = await store.app.inject({ method: 'POST', url: '/nitro-api/login', headers: { authorization: `Bearer ${p.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ access_token: p.token, user_id: p.userId });
    expect(String(res.headers['set-cookie'])).toMatch(/^tastyToken=.+HttpOnly/);
    const bad = await store.app.inject({ method: 'POST', url: '/nitro-api/login', headers: { authorization: 'Bearer not-a-real-token-at-all' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('invalid_credentials');
    expect(bad.headers['set-cookie']).toBeUndefined();
  });
});

describe('a blocked account (decision 029)', () => {
  it('cannot sign in through its provider again, nor make a new account with it', async () => {
    const subject = steamId();
    const first = await signIn('steam', subject);
    const userId = (await me(first.token!)).user_id as number;
    const events = storeEvents(store.app.deps);
    const operator = { id: null, name: 'test' };
    await setPlayerBlocked({ db: store.database.db, userId, block: true, reason: 'test block', operator, events, now: new Date() });
    const again = await signIn('steam', subject, { returnTo: '/event' });
    expect(again).toMatchObject({ path: '/event', params: { signin_error: 'account_blocked', provider: 'steam' }, token: null });
    expect(await accountsOf('steam', subject)).toBe(1);
    await setPlayerBlocked({ db: store.database.db, userId, block: false, reason: null, operator, events, now: new Date() });
    expect((await signIn('steam', subject)).params).toMatchObject({ signin: 'ok' });
  });
});
