import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Player } from './helpers/factories.ts';
import { playerWithAddress, storeWithSmtp } from './helpers/mail-store.ts';
import type { TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * A reminder letter is subscription mail: it carries a List-Unsubscribe link (and RFC 8058's
 * one-click header) that turns the player's e-mail reminders off without signing in, and only
 * theirs; a link the store did not sign changes nothing.
 */
describe('unsubscribing from reminder letters', () => {
  let store: TestStore;
  let smtp: Awaited<ReturnType<typeof storeWithSmtp>>['smtp'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, smtp, close } = await storeWithSmtp());
  });
  afterAll(() => close());

  /** A player with a confirmed address and e-mail reminders on, and the reminder letter that reached them. */
  async function reminded(lang: 'ru' | 'en'): Promise<{ p: Player; link: URL }> {
    const p = await playerWithAddress(store, lang);
    const { email } = p;
    const on = await api(store.app, 'POST', '/api/v1/notifications/daily-cases/update-preferences', { token: p.token, body: { email: true } });
    expect(on.body, JSON.stringify(on.body)).toMatchObject({ data: { preferences: { email: true } } });
    await store.app.modules.notifications.notifier.send({ key: `daily:${p.userId}`, userId: p.userId, channels: ['email'], text: 'Your daily case is ready', kind: 'daily_case_ready' });
    const [letter] = await eventually(async () => smtp.arrived.filter((m) => m.to === email), (list) => list.length > 0);
    expect(letter!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/^<(.+)>$/.exec(letter!.listUnsubscribe!)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe('https://store.test/api/v1/notifications/unsubscribe');
    return { p, link };
  }
  const emailOn = async (p: Player) => (await api(store.app, 'GET', '/api/v1/notifications/daily-cases/get-preferences', { token: p.token })).body.data.email as boolean;

  it("a mail client's one click turns that player's reminder letters off, and no one else's", async () => {
    const { p, link } = await reminded('ru');
    const other = await reminded('en');
    const res = await store.app.inject({ method: 'POST', url: link.pathname + link.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: true, data: { unsubscribed: true } }]);
    expect(await emailOn(p)).toBe(false);
    expect(await emailOn(other.p)).toBe(true);
  });

  it('opening the link turns them off and shows the daily cases page in the player’s language', async () => {
    const { p, link } = await reminded('en');
    const res = await store.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/en/daily-cases?unsubscribed=email']);
    expect(await emailOn(p)).toBe(false);
  });

  it('a link the store did not sign, or one changed to name another player, changes nothing', async () => {
    const { p, link } = await reminded('ru');
    const { p: victim } = await reminded('ru');
    const token = link.searchParams.get('token')!;
    const forged = [`${victim.userId}.${token.split('.')[1]}`, `${p.userId}.${'A'.repeat(43)}`, 'nonsense'];
    for (const t of forged) {
      const res = await api(store.app, 'POST', `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(t)}`, { body: {} });
      expect([res.status, res.body.code]).toEqual([400, 'unsubscribe_link_invalid']);
    }
    expect(await emailOn(p)).toBe(true);
    expect(await emailOn(victim)).toBe(true);
  });
});
