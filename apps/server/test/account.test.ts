import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userIdentities } from '../src/modules/auth/schema.ts';
import { listSandboxMail } from '../src/modules/mail/mailer.ts';
import { emailConfirmations } from '../src/modules/users/schema.ts';
import { rows } from '../src/db/rows.ts';
import { api, countRows, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;

const me = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
const profile = (p: Player, body: Record<string, unknown>, lang: 'ru' | 'en' = 'ru') => api(store.app, 'POST', '/api/v1/users/profile', { token: p.token, body, lang });

// The lead's sign-in flow links providers; until it lands, these tests link one by writing the
// identity row directly, as a finished sign-in would.
async function linkIdentity(p: Player, provider: 'steam' | 'google' | 'vk', subject: string, avatarUrl: string | null = null) {
  await db().insert(userIdentities).values({ provider, subject, userId: p.userId, name: `${provider} player`, avatarUrl });
}

/** Follows a mailed link the way a browser would: only the path and query reach the store. */
async function openLink(link: string) {
  const url = new URL(link);
  const res = await store.app.inject({ method: 'GET', url: url.pathname + url.search });
  return { status: res.statusCode, location: res.headers.location };
}

async function letterTo(email: string) {
  const [letter] = await eventually(
    () => listSandboxMail(db(), email),
    (l) => l.length > 0,
  );
  return { ...letter!, link: /https?:\/\/\S+/.exec(letter!.text)![0] };
}

describe('profile settings', () => {
  it('refuses each bad field with its code and 422, saving nothing of the call', async () => {
    const p = await registerPlayer(store.app);
    const before = await me(p);
    const refusals: [Record<string, string>, string][] = [
      [{ nickname: 'ab' }, 'profile_nickname'],
      [{ nickname: ' spaced out  ', first_name: 'R2D2' }, 'profile_name'],
      [{ last_name: 'x'.repeat(51) }, 'profile_name'],
      [{ email: 'no-at-sign.example.com' }, 'profile_email'],
      [{ city: 'Moscow 2' }, 'profile_city'],
      [{ country: 'XX' }, 'profile_country'],
      // A good nickname beside a bad e-mail: the whole call is refused.
      [{ nickname: 'Fine Name', email: 'a@b' }, 'profile_email'],
    ];
    for (const [body, code] of refusals) {
      const res = await profile(p, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe(code);
    }
    const after = await me(p);
    expect(after.nickname).toBe(before.nickname);
    expect(after.personal).toEqual(before.personal);
    const en = await profile(p, { country: 'Atlantis' }, 'en');
    expect(en.body.message).toBe('Choose a country from the list');
  });

  it('saves trimmed values, clears a personal field with an empty string, and answers the whole profile', async () => {
    const p = await registerPlayer(store.app);
    const res = await profile(p, { nickname: '  Lucky_Shot ', first_name: ' Анна ', last_name: "O'Neil", city: 'Нижний Новгород', country: 'de', email: ' Anna@Example.COM ' });
    expect(res.status).toBe(200);
    expect(res.body.data.nickname).toBe('Lucky_Shot');
    expect(res.body.data.personal).toEqual({ first_name: 'Анна', last_name: "O'Neil", email: 'anna@example.com', city: 'Нижний Новгород', country: 'DE', ip: '127.0.0.1', email_confirmed: false });
    const cleared = await profile(p, { city: '', first_name: '' });
    expect(cleared.body.data.personal).toMatchObject({ first_name: null, city: null, last_name: "O'Neil", country: 'DE' });
    expect((await me(p)).personal.city).toBeNull();
    // The nickname cannot be cleared.
    expect((await profile(p, { nickname: '' })).body.code).toBe('profile_nickname');
    // Unknown fields are not silently ignored.
    expect((await profile(p, { nickname: 'Someone', admin: true })).status).toBe(400);
  });

  it('shows the picked provider picture only while that provider is linked', async () => {
    const p = await registerPlayer(store.app);
    const generated = `/img/avatars/${p.userId}.svg`;
    expect((await me(p)).avatar).toBe(generated);
    const refused = await profile(p, { avatar: 'steam' }, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'provider_not_linked', params: { provider: 'Steam' } });

    await linkIdentity(p, 'steam', '76561198000000101', 'https://avatars.steamstatic.com/abc_full.jpg');
    await linkIdentity(p, 'google', 'g-101', null);
    const picked = await profile(p, { avatar: 'steam' });
    expect(picked.body.data.avatar).toBe('https://avatars.steamstatic.com/abc_full.jpg');
    expect(picked.body.data.steam.id).toBe('76561198000000101');
    // Others see the same picture on the public profile.
    const other = await registerPlayer(store.app);
    expect((await api(store.app, 'GET', `/api/v1/users/${p.userId}`, { token: other.token })).body.data.avatar).toBe('https://avatars.steamstatic.com/abc_full.jpg');
    // A provider without a picture falls back to the generated one.
    expect((await profile(p, { avatar: 'google' })).body.data.avatar).toBe(generated);
    expect((await profile(p, { avatar: 'generated' })).body.data.avatar).toBe(generated);
  });
});

describe('language', () => {
  it('lists the languages, Russian by default', async () => {
    const res = await api(store.app, 'GET', '/nitro-api/localization');
    expect(res.body.data).toEqual({ languages: [{ iso: 'ru', language: 'Русский' }, { iso: 'en', language: 'English' }], default_iso: 'ru' });
  });

  it('saves the player language through both endpoints and shows it on the profile', async () => {
    const p = await registerPlayer(store.app);
    expect((await me(p)).language).toBe('ru');
    expect((await api(store.app, 'POST', '/api/v1/users/lang/change', { token: p.token, body: { code: 'en' } })).body.data).toEqual({ language: 'en' });
    expect((await me(p)).language).toBe('en');
    expect((await api(store.app, 'GET', '/api/v1/localization/user', { token: p.token })).body.data).toEqual({ language: 'en' });
    expect((await api(store.app, 'POST', '/api/v1/localization/user', { token: p.token, body: { language: 'ru' } })).status).toBe(200);
    expect((await me(p)).language).toBe('ru');
    expect((await api(store.app, 'POST', '/api/v1/users/lang/change', { token: p.token, body: { code: 'de' } })).body.code).toBe('validation');
    expect((await api(store.app, 'GET', '/api/v1/localization/user')).status).toBe(401);
    expect((await api(store.app, 'POST', '/api/v1/users/lang/change', { body: { code: 'en' } })).status).toBe(401);
  });
});

describe('marketing sessions', () => {
  const sessionsOf = (p: Player) => countRows(db(), sql`select count(*) as n from marketing_sessions where user_id = ${p.userId}`);

  it('records a visit from an ad, sent as a form or as JSON, and skips plain visits', async () => {
    const p = await registerPlayer(store.app);
    const form = await store.app.inject({
      method: 'POST',
      url: '/api/v1/users/sessions',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session_url: 'https://casestore.gg/open/cheap', fbp: 'fb.1.1700000000000.1234567890' }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toEqual({ recorded: true });
    const tagged = await api(store.app, 'POST', '/api/v1/users/sessions', { token: p.token, body: { session_url: '/?utm_source=youtube&utm_campaign=drop' } });
    expect(tagged.body.data).toEqual({ recorded: true });
    const clicked = await api(store.app, 'POST', '/api/v1/users/sessions', { token: p.token, body: { session_url: 'https://casestore.gg/?fbclid=IwAR0abc' } });
    expect(clicked.body.data).toEqual({ recorded: true });
    const plain = await api(store.app, 'POST', '/api/v1/users/sessions', { token: p.token, body: { session_url: 'https://casestore.gg/?page=2', fbp: '' } });
    expect(plain.body.data).toEqual({ recorded: false });
    expect(await sessionsOf(p)).toBe(3);
    const [first] = await rows(db(), sql`select session_url, fbp, fbc from marketing_sessions where user_id = ${p.userId} order by id limit 1`);
    expect(first).toEqual({ session_url: 'https://casestore.gg/open/cheap', fbp: 'fb.1.1700000000000.1234567890', fbc: null });
  });

  it('needs a signed-in player and a session_url', async () => {
    const anonymous = await store.app.inject({
      method: 'POST',
      url: '/api/v1/users/sessions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'session_url=%2F%3Futm_source%3Dx',
    });
    expect(anonymous.statusCode).toBe(401);
    const p = await registerPlayer(store.app);
    const missing = await store.app.inject({
      method: 'POST',
      url: '/api/v1/users/sessions',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fbp=fb.1.2.3',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation');
    expect(await sessionsOf(p)).toBe(0);
  });
});

describe('subscriptions', () => {
  const mine = async (p: Player) => Object.fromEntries(((await api(store.app, 'GET', '/api/v1/users/subscriptions', { token: p.token })).body.data.subscriptions as any[]).map((s) => [s.channel, s]));
  const toggle = (p: Player, channel: string, subscribed: boolean) => api(store.app, 'POST', '/api/v1/users/subscriptions', { token: p.token, body: { channel, subscribed } });

  it('lists what the store offers', async () => {
    const res = await api(store.app, 'GET', '/api/v1/subscriptions');
    const byChannel = Object.fromEntries((res.body.data.variants as any[]).map((v) => [v.channel, v.url]));
    expect(Object.keys(byChannel).sort()).toEqual(['email', 'steam', 'telegram', 'vk']);
    expect(byChannel.email).toBeNull();
    expect(byChannel.telegram).toMatch(/^https:\/\/t\.me\//);
  });

  it('refuses a channel until its requirement is met, and always lets the player turn one off', async () => {
    const p = await registerPlayer(store.app);
    expect(await mine(p)).toEqual({
      email: { channel: 'email', subscribed: false, requirement: 'email_not_confirmed' },
      steam: { channel: 'steam', subscribed: false, requirement: 'provider_not_linked' },
      telegram: { channel: 'telegram', subscribed: false, requirement: null },
      vk: { channel: 'vk', subscribed: false, requirement: 'provider_not_linked' },
    });
    const email = await toggle(p, 'email', true);
    expect(email.status).toBe(409);
    expect(email.body.code).toBe('email_not_confirmed');
    const vk = await toggle(p, 'vk', true);
    expect(vk.body).toMatchObject({ code: 'provider_not_linked', params: { provider: 'VK' } });
    expect((await toggle(p, 'steam', false)).status).toBe(200);

    const on = await toggle(p, 'telegram', true);
    expect(on.body.data.subscriptions.find((s: any) => s.channel === 'telegram').subscribed).toBe(true);
    await linkIdentity(p, 'steam', '76561198000000202');
    expect((await toggle(p, 'steam', true)).status).toBe(200);
    expect(await mine(p)).toMatchObject({ steam: { subscribed: true, requirement: null }, telegram: { subscribed: true }, vk: { subscribed: false } });
    expect((await toggle(p, 'telegram', false)).status).toBe(200);
    expect((await mine(p)).telegram.subscribed).toBe(false);
  });

  it('takes simultaneous toggles without an error', async () => {
    const p = await registerPlayer(store.app);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => toggle(p, 'telegram', i % 2 === 0)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await countRows(db(), sql`select count(*) as n from user_subscriptions where user_id = ${p.userId}`)).toBe(1);
  });
});

describe('e-mail confirmation', () => {
  const send = (p: Player, email: string, lang: 'ru' | 'en' = 'ru') => api(store.app, 'POST', '/api/v1/users/send-email', { token: p.token, body: { email }, lang });

  it('mails a one-time link that confirms the address, then lets the player subscribe by e-mail', async () => {
    const p = await registerPlayer(store.app);
    const sent = await send(p, '  Gamer.One@Example.com ');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ email: 'gamer.one@example.com', sent: true });
    expect((await me(p)).personal).toMatchObject({ email: 'gamer.one@example.com', email_confirmed: false });

    const letter = await letterTo('gamer.one@example.com');
    expect(letter.subject).toContain('подтвердите адрес');
    expect(letter.link).toMatch(/\/api\/v1\/users\/email\/confirm\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    expect(await countRows(db(), sql`select count(*) as n from email_confirmations where token_hash = ${new URL(letter.link).searchParams.get('token')}`)).toBe(0);

    expect(await openLink(letter.link)).toEqual({ status: 302, location: '/profile/settings?email=confirmed' });
    expect((await me(p)).personal).toMatchObject({ email: 'gamer.one@example.com', email_confirmed: true });
    expect(await openLink(letter.link)).toEqual({ status: 302, location: '/profile/settings?email_error=email_link_invalid' });
    expect((await me(p)).personal.email_confirmed).toBe(true);

    expect((await api(store.app, 'POST', '/api/v1/users/subscriptions', { token: p.token, body: { channel: 'email', subscribed: true } })).status).toBe(200);
    // Another address loses the confirmation, and with it the e-mail subscription.
    const changed = await profile(p, { email: 'other@example.com' });
    expect(changed.body.data.personal).toMatchObject({ email: 'other@example.com', email_confirmed: false });
    const subs = (await api(store.app, 'GET', '/api/v1/users/subscriptions', { token: p.token })).body.data.subscriptions;
    expect(subs.find((s: any) => s.channel === 'email')).toEqual({ channel: 'email', subscribed: false, requirement: 'email_not_confirmed' });
  });

  it('sends at most one letter a minute', async () => {
    const p = await registerPlayer(store.app);
    expect((await send(p, 'quick@example.com')).status).toBe(200);
    const again = await send(p, 'quick2@example.com', 'en');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'email_too_often', message: 'The e-mail was just sent; you can resend it in a minute' });
    expect((await me(p)).personal.email).toBe('quick@example.com');
    expect(await listSandboxMail(db(), 'quick2@example.com')).toEqual([]);
  });

  it('refuses a bad address and an empty one', async () => {
    const p = await registerPlayer(store.app);
    for (const email of ['not an email', '', 'a@b']) {
      const res = await send(p, email);
      expect(res.status, email).toBe(422);
      expect(res.body.code).toBe('profile_email');
    }
    expect(await countRows(db(), sql`select count(*) as n from email_confirmations where user_id = ${p.userId}`)).toBe(0);
  });

  it('writes to an English player in English and sends them back to the English page', async () => {
    const p = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/users/lang/change', { token: p.token, body: { code: 'en' } });
    await send(p, 'english@example.com');
    const letter = await letterTo('english@example.com');
    expect(letter.subject).toContain('confirm your e-mail address');
    expect(letter.text).toContain('Hello');
    expect(await openLink(letter.link)).toEqual({ status: 302, location: '/en/profile/settings?email=confirmed' });
  });

  it('does not confirm an address the player replaced after the letter was sent', async () => {
    const p = await registerPlayer(store.app);
    await send(p, 'first@example.com');
    const letter = await letterTo('first@example.com');
    await profile(p, { email: 'second@example.com' });
    expect((await openLink(letter.link)).location).toBe('/profile/settings?email_error=email_link_invalid');
    expect((await me(p)).personal).toMatchObject({ email: 'second@example.com', email_confirmed: false });
  });

  it('answers forged, expired and missing tokens with the settings page and the error, never a failure', async () => {
    const p = await registerPlayer(store.app);
    await profile(p, { email: 'late@example.com' });
    const expired = 'E'.repeat(43);
    await db()
      .insert(emailConfirmations)
      .values({ tokenHash: createHash('sha256').update(expired).digest('hex'), userId: p.userId, email: 'late@example.com', expiresAt: new Date(Date.now() - 1000) });
    const invalid = '/profile/settings?email_error=email_link_invalid';
    for (const url of [`/api/v1/users/email/confirm?token=${expired}`, `/api/v1/users/email/confirm?token=${'A'.repeat(43)}`, '/api/v1/users/email/confirm?token=%27%3B--', '/api/v1/users/email/confirm', `/api/v1/users/email/confirm?token=${'x'.repeat(500)}`]) {
      const res = await store.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(invalid);
    }
    expect((await me(p)).personal.email_confirmed).toBe(false);
  });
});
