import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FAST_MISSIONS, SOCIAL_MISSIONS } from '@store/shared/account';
import { toUnits } from '@store/shared/money';
import { userIdentities } from '../src/modules/auth/schema.ts';
import { listSandboxMail } from '../src/modules/mail/mailer.ts';
import { CommunityCheckFailed, NetworkCommunityChecker } from '../src/modules/missions/community-checker.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;

const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;
const fast = async (p: Player, lang: 'ru' | 'en' = 'ru') =>
  Object.fromEntries(((await api(store.app, 'GET', '/api/v1/users/missions/fast', { token: p.token, lang })).body.data.missions as any[]).map((m) => [m.type, m]));
const claim = (p: Player, type: string) => api(store.app, 'POST', `/api/v1/users/missions/fast/${type}/claim`, { token: p.token });
const missionLedger = (p: Player, kind: 'fast' | 'social', type: string) =>
  countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = ${`mission_${kind}`} and ref = ${`mission:${kind}:${type}:${p.userId}`} and currency = 'GOLD'`);

// The lead's sign-in flow links providers; until it lands, these tests link one by writing the
// identity row directly, as a finished sign-in would.
async function linkIdentity(p: Player, provider: 'steam' | 'vk', subject: string) {
  await db().insert(userIdentities).values({ provider, subject, userId: p.userId, name: `${provider} player`, avatarUrl: null });
}
/** The player joins the store's group on the sandbox network, as its screen does. */
const join = (network: 'steam' | 'vk', memberId: string) => api(store.app, 'POST', `/sandbox/signin/community/${network}/join`, { body: { member_id: memberId } });

// SteamID64s are above 2^53: count them as bigints.
let steamIds = 76561198000100000n;
const nextSteamId = () => String(++steamIds);
let vkIds = 500100;
const nextVkId = () => String(++vkIds);

describe('fast missions', () => {
  it('start at nothing done, named in the player language, with their prizes', async () => {
    const p = await registerPlayer(store.app);
    const ru = await fast(p);
    expect(Object.keys(ru)).toEqual(['email', 'trade_link', 'open_cases']);
    for (const type of ['email', 'trade_link', 'open_cases'] as const) {
      expect(ru[type]).toMatchObject({ type, progress: 0, claimed: false, prize: toUnits(FAST_MISSIONS[type].prize) });
    }
    expect(ru.open_cases.name).toBe('Откройте 3 кейса');
    expect((await fast(p, 'en')).open_cases.name).toBe('Open 3 cases');
    expect((await api(store.app, 'GET', '/api/v1/users/missions/fast')).status).toBe(401);
  });

  it('refuse a claim before the mission is done and pay the trade-link mission once, with a ledger row', async () => {
    const p = await registerPlayer(store.app);
    const early = await claim(p, 'trade_link');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('mission_not_done');
    expect(await balanceOf(p)).toBe(0);

    const link = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbC-d_9';
    expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link } })).status).toBe(200);
    expect((await fast(p)).trade_link.progress).toBe(3);
    const paid = await claim(p, 'trade_link');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ prize: 10, balance: 10 });
    expect(await balanceOf(p)).toBe(10);
    expect(await missionLedger(p, 'fast', 'trade_link')).toBe(1);

    const again = await claim(p, 'trade_link');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('mission_claimed');
    expect(await balanceOf(p)).toBe(10);
    expect((await fast(p)).trade_link).toMatchObject({ progress: 3, claimed: true });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('follow the e-mail: 1 once a link is sent, 3 once it is confirmed, then pay', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/users/send-email', { token: p.token, body: { email: `mission${p.userId}@example.com` } })).status).toBe(200);
    expect((await fast(p)).email.progress).toBe(1);
    expect((await claim(p, 'email')).body.code).toBe('mission_not_done');
    const [letter] = await eventually(
      () => listSandboxMail(db(), `mission${p.userId}@example.com`),
      (l) => l.length > 0,
    );
    const url = new URL(/https?:\/\/\S+/.exec(letter!.text)![0]);
    expect((await store.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(302);
    expect((await fast(p)).email.progress).toBe(3);
    expect((await claim(p, 'email')).body.data).toEqual({ prize: 10, balance: 10 });
    expect(await missionLedger(p, 'fast', 'email')).toBe(1);
  });

  it('count the cases opened from the activity stream, one step each, and pay at three', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), Math.ceil(cheap.price * 5) + 1);
    const start = await balanceOf(p);
    for (let i = 1; i <= 2; i++) {
      expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
      // The missions consumer reads the opening from the stream a moment later.
      await eventually(() => fast(p), (m) => m.open_cases.progress === i);
    }
    expect((await claim(p, 'open_cases')).body.code).toBe('mission_not_done');
    // A multi-open counts each case, capped at done.
    expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } })).status).toBe(200);
    await eventually(() => fast(p), (m) => m.open_cases.progress === 3);
    expect(await countRows(db(), sql`select count(*) as n from mission_progress where user_id = ${p.userId} and type = 'open_cases' and progress = 3`)).toBe(1);
    const before = await balanceOf(p);
    expect(before).toBeLessThan(start);
    const paid = await claim(p, 'open_cases');
    expect(paid.body.data.prize).toBe(15);
    expect(await balanceOf(p)).toBeCloseTo(before + 15, 2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('pay exactly once when twenty claims arrive together', async () => {
    const p = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: 'https://steamcommunity.com/tradeoffer/new/?partner=22334455&token=Zz9_x-1' } });
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(p, 'trade_link')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'mission_claimed')).toHaveLength(19);
    expect(await balanceOf(p)).toBe(10);
    expect(await missionLedger(p, 'fast', 'trade_link')).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuse an unknown mission with the validation code', async () => {
    const p = await registerPlayer(store.app);
    const res = await claim(p, 'free_money');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
  });
});

describe('social missions', () => {
  const check = (p: Player, type: string, lang: 'ru' | 'en' = 'ru') => api(store.app, 'POST', '/api/v1/users/socials/check', { token: p.token, body: { type }, lang });

  it('list both networks with their links, unlinked and not done', async () => {
    const p = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', '/api/v1/users/missions/social', { token: p.token });
    expect(res.body.data.missions.map((m: any) => [m.type, m.linked, m.progress, m.claimed, m.prize])).toEqual([
      ['steam', false, 0, false, toUnits(SOCIAL_MISSIONS.steam.prize)],
      ['vk', false, 0, false, toUnits(SOCIAL_MISSIONS.vk.prize)],
    ]);
    expect(res.body.data.missions[0].url).toMatch(/^https:\/\/steamcommunity\.com\//);
  });

  it('need the network account linked first', async () => {
    const p = await registerPlayer(store.app);
    const res = await check(p, 'steam', 'en');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'provider_not_linked', params: { provider: 'Steam' } });
  });

  it('ask Steam about the group: not a member is refused, a member is paid once', async () => {
    const p = await registerPlayer(store.app);
    const steamId = nextSteamId();
    await linkIdentity(p, 'steam', steamId);
    const early = await check(p, 'steam');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('social_not_member');
    expect(await balanceOf(p)).toBe(0);

    expect((await join('steam', steamId)).status).toBe(200);
    const paid = await check(p, 'steam');
    expect(paid.status).toBe(200);
    expect(paid.body.data.paid).toBe(20);
    expect(paid.body.data.mission).toMatchObject({ type: 'steam', progress: 3, linked: true, claimed: true });
    expect(await balanceOf(p)).toBe(20);
    expect(await missionLedger(p, 'social', 'steam')).toBe(1);

    const again = await check(p, 'steam');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ paid: 0, mission: { claimed: true } });
    expect(await balanceOf(p)).toBe(20);

    expect((await api(store.app, 'GET', '/api/v1/users/socials', { token: p.token })).body.data.socials).toEqual([
      { type: 'steam', linked: true, member: true },
      { type: 'vk', linked: false, member: false },
    ]);
    // Anyone may see another player's mission and socials.
    const other = await registerPlayer(store.app);
    expect((await api(store.app, 'GET', `/api/v1/users/missions/social/${p.userId}/steam`, { token: other.token })).body.data).toMatchObject({ progress: 3, claimed: true });
    expect((await api(store.app, 'GET', `/api/v1/users/socials?user_id=${p.userId}`)).body.data.socials[0]).toEqual({ type: 'steam', linked: true, member: true });
    expect((await api(store.app, 'GET', '/api/v1/users/missions/social/99999999/steam')).body.code).toBe('userNotFound');
  });

  it('ask VK about the community the same way', async () => {
    const p = await registerPlayer(store.app);
    const vkId = nextVkId();
    await linkIdentity(p, 'vk', vkId);
    // Someone else's membership does not count.
    await join('vk', nextVkId());
    expect((await check(p, 'vk')).body.code).toBe('social_not_member');
    await join('vk', vkId);
    const paid = await check(p, 'vk');
    expect(paid.body.data.paid).toBe(20);
    expect((await api(store.app, 'GET', '/api/v1/users/missions/social/vk', { token: p.token })).body.data).toMatchObject({ type: 'vk', progress: 3, claimed: true, linked: true });
    expect(await missionLedger(p, 'social', 'vk')).toBe(1);
  });

  it('pay once when many checks arrive together', async () => {
    const p = await registerPlayer(store.app);
    const steamId = nextSteamId();
    await linkIdentity(p, 'steam', steamId);
    await join('steam', steamId);
    const results = await Promise.all(Array.from({ length: 20 }, () => check(p, 'steam')));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.data.paid === 20)).toHaveLength(1);
    expect(await balanceOf(p)).toBe(20);
    expect(await missionLedger(p, 'social', 'steam')).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('pay a network account once, even moved to another store account', async () => {
    const first = await registerPlayer(store.app);
    const steamId = nextSteamId();
    await linkIdentity(first, 'steam', steamId);
    await join('steam', steamId);
    expect((await check(first, 'steam')).body.data.paid).toBe(20);
    // Unlinked here and linked to a second account, the same Steam account earns nothing more.
    await db().execute(sql`delete from user_identities where provider = 'steam' and subject = ${steamId}`);
    const second = await registerPlayer(store.app);
    await linkIdentity(second, 'steam', steamId);
    const again = await check(second, 'steam', 'en');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'social_account_rewarded', message: 'This Steam account already earned the community reward on another profile' });
    expect(await balanceOf(second)).toBe(0);
    expect(await missionLedger(second, 'social', 'steam')).toBe(0);
  });
});

describe('the sandbox networks', () => {
  it('answer in the real APIs shapes and refuse a wrong key like them', async () => {
    const steamId = nextSteamId();
    await join('steam', steamId);
    const badKey = await store.app.inject({ method: 'GET', url: `/sandbox/signin/steam/api/ISteamUser/GetUserGroupList/v1/?key=${'0'.repeat(32)}&steamid=${steamId}` });
    expect(badKey.statusCode).toBe(403);
    const vk = await store.app.inject({ method: 'GET', url: `/sandbox/signin/vk/method/groups.isMember?group_id=${store.env.VK_GROUP_ID}&user_id=1&access_token=wrong&v=5.199` });
    expect(vk.json()).toMatchObject({ error: { error_code: 5 } });
    expect((await join('steam' as 'vk', 'not-a-number')).status).toBe(400);
  });

  it('a network that refuses or cannot say leaves the check failed, not the player a non-member', async () => {
    const reply = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const checker = (fetch: (url: string) => Promise<Response>) =>
      new NetworkCommunityChecker({
        fetch,
        steam: { apiBase: () => 'https://api.steampowered.com', key: () => 'K', groupId: '42' },
        vk: { apiBase: () => 'https://api.vk.com', token: () => 'T', groupId: '7' },
      });
    await expect(checker(reply(403, 'Forbidden')).isMember('steam', '1')).rejects.toBeInstanceOf(CommunityCheckFailed);
    await expect(checker(reply(200, { response: { success: false } })).isMember('steam', '1')).rejects.toBeInstanceOf(CommunityCheckFailed);
    await expect(checker(reply(200, { error: { error_code: 15, error_msg: 'Access denied' } })).isMember('vk', '1')).rejects.toBeInstanceOf(CommunityCheckFailed);
    await expect(checker(() => Promise.reject(new Error('ECONNREFUSED'))).isMember('vk', '1')).rejects.toBeInstanceOf(CommunityCheckFailed);
    expect(await checker(reply(200, { response: { success: true, groups: [{ gid: '41' }, { gid: '42' }] } })).isMember('steam', '1')).toBe(true);
    expect(await checker(reply(200, { response: 0 })).isMember('vk', '1')).toBe(false);
  });
});
