import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { isCrawler } from '../src/http/bots.ts';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The shell's server side (decision 025): the welcome-redirect setting reaches the public
 * configuration and the payment methods alike, and crawlers are told apart from people.
 */
describe('the welcome-redirect setting', () => {
  let off: TestStore;
  let on: TestStore;
  beforeAll(async () => {
    [off, on] = await Promise.all([createTestStore(), createTestStore({ WELCOME_REDIRECT: 'on' })]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  const methodNames = async (store: TestStore) =>
    ((await api(store.app, 'GET', '/api/v1/payments/countries')).body.data as { methods: { name: string }[] }[]).flatMap((c) => c.methods.map((m) => m.name));

  it('is off by default: the web app shows the store, the payment page no .biz methods', async () => {
    const config = await api(off.app, 'GET', '/api/v1/config');
    expect(config.status).toBe(200);
    expect(config.body.data.welcome_redirect).toBe(false);
    const names = await methodNames(off);
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((n) => n.includes('.biz'))).toBe(false);
  });

  it('on, the configuration tells the web app to welcome guests and payments offer only the .biz methods', async () => {
    const config = await api(on.app, 'GET', '/api/v1/config');
    expect(config.body.data.welcome_redirect).toBe(true);
    const names = await methodNames(on);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes('.biz'))).toBe(true);
    // A payment starts only with a method the page offered.
    const player = await registerPlayer(on.app);
    const refused = await api(on.app, 'POST', '/api/v1/payments/transaction/start', { token: player.token, body: { country: 'RU', method_id: 101, amount: 1000 } });
    expect(refused.body.code).toBe('payment_method_not_found');
    const biz = await api(on.app, 'POST', '/api/v1/payments/transaction/start', { token: player.token, body: { country: 'RU', method_id: 103, amount: 1000, fields: { email: 'player@example.com' } } });
    expect(biz.status).toBe(200);
  });

  it('takes on/off, 1/0 and true/false, and refuses anything else at start', () => {
    for (const [v, want] of [['on', true], ['1', true], ['true', true], ['off', false], ['0', false], ['false', false]] as const) {
      expect(parseEnv({ WELCOME_REDIRECT: v }).WELCOME_REDIRECT).toBe(want);
    }
    expect(parseEnv({}).WELCOME_REDIRECT).toBe(false);
    expect(() => parseEnv({ WELCOME_REDIRECT: 'yes' })).toThrow(/WELCOME_REDIRECT/);
  });
});

describe('crawlers (spec §2: bots are not shown the error page)', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'TelegramBot (like TwitterBot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; Mail.RU_Bot/2.0; +http://go.mail.ru/help/robots)',
  ])('%s is a crawler', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 YaBrowser/24.4',
    '',
  ])('%j is a person', (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it('no user agent is a person', () => {
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });
});
