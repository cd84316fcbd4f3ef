import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expForLevel } from '@store/shared/levels';
import { api, fundedPlayer, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { listenForSockets, subscriber } from './helpers/ws.ts';

let store: TestStore;
let wsUrl: string;
beforeAll(async () => {
  store = await createTestStore();
  wsUrl = await listenForSockets(store.app);
});
afterAll(() => store.close());

describe('players', () => {
  it('shows the signed-in player their wallet, stats and level', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 250.5);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.finance).toEqual({ balance: 250.5, currency: 'GOLD', coin_balance: 0, total_amount_items: 0 });
    expect(me.body.data.statistic).toEqual({ cases: { opened: 0 }, finance: { spent: 0 } });
    // Everyone starts at level 1, where the LEVEL 1 daily case is unlocked and ready.
    expect(me.body.data.levels).toMatchObject({
      user_level: 1,
      current_exp: 0,
      exp_to_next_level: expForLevel(2),
      was_generated_lvl: false,
      nearest_case_time: 0,
      next_level_case_data: { case_name: '15', link: '/open/level-15', id: 15 },
      available_cases: [{ case_name: '1', link: '/open/level-1', id: 1 }],
    });
  });

  it('needs a token for /me', async () => {
    const res = await api(store.app, 'GET', '/api/v1/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: false, code: 'authentication', message: 'Требуется вход в аккаунт' });
    const bad = await api(store.app, 'GET', '/api/v1/users/me', { token: 'not-a-real-token', lang: 'en' });
    expect(bad.body).toMatchObject({ code: 'authentication', message: 'Please sign in' });
  });

  it('shows another player only their public profile', async () => {
    const a = await fundedPlayer(store.app, store.database.db, 100);
    const b = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', `/api/v1/users/${a.userId}`, { token: b.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['avatar', 'created_at', 'level', 'nickname', 'statistic', 'user_id']);
  });

  it('answers unknown and malformed player ids with the catalogue codes', async () => {
    expect((await api(store.app, 'GET', '/api/v1/users/99999999')).body.code).toBe('userNotFound');
    const bad = await api(store.app, 'GET', '/api/v1/users/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
  });

  it('reports levels for a list of players, 0 for unknown ones', async () => {
    const a = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', `/api/v1/users/levels?userIds=${a.userId},987654321`);
    expect(res.body.data).toEqual([
      { user_id: a.userId, level: 1 },
      { user_id: 987654321, level: 0 },
    ]);
  });

  it('issues a realtime token that opens the player own channel only', async () => {
    const a = await registerPlayer(store.app);
    const b = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: a.token });
    expect(res.body.data.channel).toBe(`user#${a.userId}`);
    const key = res.body.data.centryfugo_key as string;
    // Over a real socket: the key subscribes its owner's channel and is refused on another's.
    const own = await subscriber(wsUrl, [{ channel: `user#${a.userId}`, token: key }]);
    const foreign = await subscriber(wsUrl, [{ channel: `user#${b.userId}`, token: key }]);
    expect(own.messages).toEqual([{ op: 'subscribed', channel: `user#${a.userId}` }]);
    expect(foreign.messages).toEqual([expect.objectContaining({ op: 'error', error: 'forbidden', channel: `user#${b.userId}` })]);
    own.ws.close();
    foreign.ws.close();
  });
});

describe('Steam data', () => {
  const link = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbC-d_9';
  const set = (p: { token: string } | null, body: unknown, lang: 'ru' | 'en' = 'ru') =>
    api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p?.token, body, lang });
  const steamOf = async (p: { token: string }) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.steam;

  it('saves a trade link and a Steam login and shows them to the player', async () => {
    const p = await registerPlayer(store.app);
    const saved = await set(p, { link: `  ${link} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ steam: { link, login: null }, message: 'steam_data_saved_successfully' });
    expect((await set(p, { login: 'Gaben_1' })).body.data.steam).toEqual({ link, login: 'Gaben_1' });
    expect(await steamOf(p)).toEqual({ link, login: 'Gaben_1' });
  });

  it('refuses each bad link and login with its code of spec §5, in the player language, and saves nothing', async () => {
    const p = await registerPlayer(store.app);
    await set(p, { link, login: 'keeper' });
    const cases: [unknown, string][] = [
      [{ link: '' }, 'steamUrlEmpty'],
      [{ link: '   ' }, 'steamUrlEmpty'],
      [{ link: 'https://steamcommunity.com/tradeoffer/new/?partner=abc&token=x' }, 'steamUrlValidation'],
      [{ link: 'https://evil.example/tradeoffer/new/?partner=1&token=x' }, 'steamUrlValidation'],
      [{ link: `${link}&extra=1` }, 'steamUrlValidation'],
      [{ login: '' }, 'steamLoginEmpty'],
      [{ login: 'a'.repeat(33) }, 'steamLoginLength'],
      [{ login: 'ab' }, 'steamLoginShort'],
      [{ login: 'bad-login' }, 'steamLoginValid'],
      [{ login: 'логин' }, 'steamLoginValid'],
      [{ login: '1abc' }, 'steamLoginLatinFirst'],
      // The first failing check refuses the whole call: the good login is not saved either.
      [{ link: 'nope', login: 'fine_login' }, 'steamUrlValidation'],
    ];
    for (const [body, code] of cases) {
      const res = await set(p, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 422, code]);
    }
    expect((await set(p, { login: 'ab' }, 'en')).body.message).toBe('A Steam login is at least 3 characters');
    expect((await set(p, {})).body.code).toBe('validation');
    expect((await set(p, { link, extra: 1 })).body.code).toBe('validation');
    expect((await set(null, { link })).status).toBe(401);
    expect(await steamOf(p)).toEqual({ link, login: 'keeper' });
  });
});
