import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { ScoreValue } from '#app/features/leaderboards/components/score-value.tsx';
import type { PublicUserData } from '#app/features/profile/api/get-user.ts';
import { ProfileCard } from '#app/features/profile/components/profile-card.tsx';
import { InstallBanner } from '#app/features/pwa/components/install-banner.tsx';
import { AmountError } from '#app/features/refill/components/amount-error.tsx';
import { RefillSummary } from '#app/features/refill/components/refill-summary.tsx';
import { countryName, methodNameKey } from '#app/features/refill/utils/method-name.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { loadContext, serverApi } from '#app/lib/server-api.ts';
import ruCommon from '#app/locales/ru/common.json';
import enCommon from '#app/locales/en/common.json';

describe('the server render asks for the payment country as the browser would', () => {
  it('passes on the visitor languages and CDN country, beside the page language and the session', async () => {
    const seen: Headers[] = [];
    const apiFetch = async (_path: string, init: RequestInit = {}) => {
      seen.push(new Headers(init.headers));
      return new Response(JSON.stringify({ status: true, data: {} }), { headers: { 'content-type': 'application/json' } });
    };
    const context = new RouterContextProvider(new Map([[loadContext, { apiFetch, nonce: '' }]]));
    const request = new Request('http://store.local/en/refill', {
      headers: { 'accept-language': 'ru-RU,ru;q=0.9', 'cf-ipcountry': 'KZ', cookie: 'tastyToken=abc', 'x-unrelated': 'no' },
    });
    await serverApi(context, request, 'en').call('/api/v1/payments/countries/default');
    expect(seen).toHaveLength(1);
    const headers = seen[0]!;
    expect(headers.get('accept-language')).toBe('ru-RU,ru;q=0.9');
    expect(headers.get('cf-ipcountry')).toBe('KZ');
    expect(headers.get('x-client-language')).toBe('en');
    expect(headers.get('authorization')).toBe('Bearer abc');
    // Only what says where the visitor is: not their cookies or anything else they sent.
    expect(headers.get('cookie')).toBeNull();
    expect(headers.get('x-unrelated')).toBeNull();
  });
});

describe('payment method names', () => {
  const methods = Object.values(COUNTRY_CONFIGS).flatMap((c) => c.methods);

  it('name the kinds of payment in each language and leave brands as they are', () => {
    expect(methodNameKey('sbp')).toBe('sbp');
    expect(methodNameKey('card_ru')).toBe('card');
    expect(methodNameKey('card_us')).toBe('card');
    expect(methodNameKey('card_biz')).toBeNull();
    expect(methodNameKey('kaspi')).toBeNull();
    expect(methodNameKey('constructor')).toBeNull();
    expect(ruCommon.refill.methodNames.sbp).toBe('СБП');
    expect(ruCommon.refill.methodNames.card).toBe('Банковская карта');
  });

  it('have a text in both languages for every kind a country table offers', () => {
    const keys = new Set(methods.map((m) => methodNameKey(m.payMethod)).filter((k): k is string => k !== null));
    expect(keys.size).toBeGreaterThan(3);
    for (const key of keys) {
      expect(ruCommon.refill.methodNames, key).toHaveProperty(key);
      expect(enCommon.refill.methodNames, key).toHaveProperty(key);
      // A Russian page names no kind of payment in Latin letters.
      expect((ruCommon.refill.methodNames as Record<string, string>)[key], key).toMatch(/[а-яё]/i);
    }
  });

  it("name every one of the store's country tables in the page language from the texts, and another by the browser", async () => {
    const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    for (const code of Object.keys(COUNTRY_CONFIGS)) {
      // From the texts: the same name the browser's region data would give, without loading it.
      expect((ruCommon.refill.countries as Record<string, string>)[code], code).toMatch(/^[а-яё][а-яё -]+$/i);
      expect((enCommon.refill.countries as Record<string, string>)[code], code).toMatch(/^[A-Z][a-z A-Z]+$/);
      expect(countryName(ru, code, 'ru')).toBe((ruCommon.refill.countries as Record<string, string>)[code]);
    }
    expect(countryName(ru, 'RU', 'ru')).toBe('Россия');
    expect(countryName(en, 'EU', 'en')).toBe('European Union');
    // A table an operator added later, which the texts do not name.
    expect(countryName(ru, 'DE', 'ru')).toBe('Германия');
    expect(countryName(en, 'XX', 'en')).toBe('XX');
  });
});

describe('the footer counters', () => {
  it('agree with their number in each language (1 игрок, 3 игрока, 5 игроков)', async () => {
    const { i18nFor, loadFrameTexts } = await import('#app/lib/i18n.ts');
    await loadFrameTexts('ru');
    await loadFrameTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    expect([1, 3, 5, 21, 1000].map((count) => ru('footer.users', { count }))).toEqual(['игрок', 'игрока', 'игроков', 'игрок', 'игроков']);
    expect([1, 2, 11].map((count) => ru('footer.opened', { count }))).toEqual(['кейс открыт', 'кейса открыто', 'кейсов открыто']);
    expect([1, 4].map((count) => ru('footer.battles', { count }))).toEqual(['батл', 'батла']);
    expect([1, 2].map((count) => en('footer.upgrades', { count }))).toEqual(['upgrade', 'upgrades']);
    expect(ru('footer.online', { count: 1 })).toBe('онлайн');
  });
});

describe('counted words beyond the footer', () => {
  it('agree with their number, a fraction of a coin included (0,39 монеты, 1 монета, 5 монет)', async () => {
    const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    expect([0.39, 1, 3, 5].map((count) => ru('upgrade.coins', { count, amount: String(count).replace('.', ',') }))).toEqual([
      'Утешительный приз: 0,39 монеты',
      'Утешительный приз: 1 монета',
      'Утешительный приз: 3 монеты',
      'Утешительный приз: 5 монет',
    ]);
    expect([1, 2].map((count) => en('upgrade.coins', { count, amount: String(count) }))).toEqual(['Consolation prize: 1 coin', 'Consolation prize: 2 coins']);
    expect([1, 21, 50].map((count) => ru('offers.coins', { count, n: count }))).toEqual(['+1 монета', '+21 монета', '+50 монет']);
    expect([1, 2, 5].map((count) => ru('battles.details.allOk', { count, n: count }))).toEqual(['1 билет совпадает', 'Все 2 билета совпадают', 'Все 5 билетов совпадают']);
    expect(en('battles.details.allOk', { count: 1, n: 1 })).toBe('The 1 ticket matches');
  });

  it('the event and leaderboard timers name each unit by its number (1 день, 3 дня, 11 дней, 21 час; 1 day, 7 days)', async () => {
    const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    expect([1, 3, 11, 0].map((count) => ru('timer.day', { count }))).toEqual(['день', 'дня', 'дней', 'дней']);
    expect([1, 2, 5, 21].map((count) => ru('timer.hour', { count }))).toEqual(['час', 'часа', 'часов', 'час']);
    expect([1, 2, 5].map((count) => ru('timer.minute', { count }))).toEqual(['минута', 'минуты', 'минут']);
    expect([1, 22, 15].map((count) => ru('timer.second', { count }))).toEqual(['секунда', 'секунды', 'секунд']);
    expect(['day', 'hour', 'minute', 'second'].map((u) => en(`timer.${u}`, { count: 1 }))).toEqual(['day', 'hour', 'minute', 'second']);
    expect(['day', 'hour', 'minute', 'second'].map((u) => en(`timer.${u}`, { count: 7 }))).toEqual(['days', 'hours', 'minutes', 'seconds']);
    expect(en('timer.day', { count: 0 })).toBe('days');
  });

  it("the installed app's coins agree with their number in the banner, the alert and the bonus page (1 монета, 2 монеты, 5 монет)", async () => {
    const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    const say = (t: typeof ru, key: string) => [1, 2, 5, 0.5].map((count) => t(key, { count, coins: String(count).replace('.', ',') }));
    expect(say(ru, 'pwa.pwaAlert')).toEqual([
      'Приложение установлено: вам начислена 1 монета',
      'Приложение установлено: вам начислены 2 монеты',
      'Приложение установлено: вам начислено 5 монет',
      'Приложение установлено: вам начислено 0,5 монеты',
    ]);
    expect(say(ru, 'pwa.install.text').map((s) => s.replace(/.* мы начислим /, ''))).toEqual(['1 монету.', '2 монеты.', '5 монет.', '0,5 монеты.']);
    expect(say(ru, 'pwa.install.iosSteps').map((s) => s.replace(/.* — /, ''))).toEqual(['1 монета.', '2 монеты.', '5 монет.', '0,5 монеты.']);
    expect(say(ru, 'pages.bonuses.items.pwa.text').map((s) => s.replace(/.* получите (.*) ивента .*/, '$1'))).toEqual(['1 монету', '2 монеты', '5 монет', '0,5 монеты']);
    expect(en('pwa.pwaAlert', { count: 1, coins: '1' })).toBe('The app is installed: you got 1 coin');
    expect(en('pwa.pwaAlert', { count: 2, coins: '2' })).toBe('The app is installed: you got 2 coins');
    expect(en('pages.bonuses.items.pwa.text', { count: 1, coins: '1' })).toContain('get 1 event coin, once');
    expect(en('pwa.install.iosSteps', { count: 200, coins: '200' })).toMatch(/brings 200 coins\.$/);
  });
});

/** What a player reads in a part of a page rendered at a path: its text, tags left out. */
async function shown(element: ReactElement, path: string): Promise<string> {
  const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
  const lang = langFromPath(path);
  await loadTexts(lang);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nFor(lang) }, createElement(MemoryRouter, { initialEntries: [path] }, element)));
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe("numbers in the page's language (decision 049)", () => {
  it('texts that format a number ({{x, number}}) write it as formatNumber does: separators above 9999 only, a plain space', async () => {
    const { i18nFor, loadTexts } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const ru = i18nFor('ru').t;
    const en = i18nFor('en').t;
    expect(ru('levels.toNext', { exp: 1234 })).toBe('До следующего уровня: 1234 XP');
    expect(ru('levels.expOf', { into: 12_345.5, span: 20_000 })).toBe('12 345,5 / 20 000 XP');
    expect(en('levels.toNext', { exp: 1234 })).toBe('To the next level: 1234 XP');
    expect(en('levels.expOf', { into: 12_345.5, span: 20_000 })).toBe('12,345.5 / 20,000 XP');
  });

  it('the refill limits read as amounts of the currency: "10 000" on a Russian page, "10,000" on an English one', async () => {
    const error = (lang: string, kind: 'amount_too_low' | 'amount_too_high') =>
      shown(createElement(AmountError, { error: kind, min: 10_000, max: 1_500_000.5, currency: 'RUB' }), lang === 'en' ? '/en/refill' : '/refill');
    expect(await error('ru', 'amount_too_low')).toBe('Минимальная сумма — 10 000');
    expect(await error('en', 'amount_too_low')).toBe('The minimum is 10,000');
    // A million roubles and more are floored, as the quick sums beside the field are.
    expect(await error('ru', 'amount_too_high')).toBe('Максимальная сумма — 1 500 000');
  });

  it('the next bonus level names its amount and percent in the page language', async () => {
    const levels = [
      { limit: 100, bonusMultiplier: 0.05, bonusPercent: 5 },
      { limit: 10_000, bonusMultiplier: 0.075, bonusPercent: 7.5 },
    ];
    const preview = { amount: 500, currency: 'RUB', siteAmount: 500, promo: null, levelPercent: 5, methodPercent: 0, sumPromo: 0, sumBonus: 25, total: 525, coins: 50, prize: null };
    const summary = createElement(RefillSummary, { preview, fresh: true, levels });
    expect(await shown(summary, '/refill')).toContain('От 10 000 — бонус 7,5%');
    expect(await shown(summary, '/en/refill')).toContain('From 10,000: 7.5% bonus');
  });

  it('counts on the leaderboards, the profile and the install banner have separators and agree with their word', async () => {
    expect(await shown(createElement(ScoreValue, { type: 'cases_opened', value: 12_345 }), '/leaderboard')).toBe('12 345 кейсов');
    expect(await shown(createElement(ScoreValue, { type: 'battles_won', value: 21 }), '/leaderboard')).toBe('21 победа');
    expect(await shown(createElement(ScoreValue, { type: 'cases_opened', value: 12_345 }), '/en/leaderboard')).toBe('12,345 cases');
    const user = { userId: 7, nickname: 'Nick', avatar: '/a.png', createdAt: '2025-01-01T00:00:00Z', level: 3, statistic: { cases: { opened: 12_345 }, finance: { spent: 0 } } };
    expect(await shown(createElement(ProfileCard, { user: user as PublicUserData }), '/profile/7')).toContain(' 12 345 ');
    expect(await shown(createElement(ProfileCard, { user: user as PublicUserData }), '/en/profile/7')).toContain(' 12,345 ');
    expect(await shown(createElement(InstallBanner, { way: 'ios', onClose: () => undefined }), '/')).toContain('За первый вход из приложения — 200 монет.');
    expect(await shown(createElement(InstallBanner, { way: 'ios', onClose: () => undefined }), '/en')).toContain('brings 200 coins.');
  });
});

describe('texts that name the game', () => {
  it("say the store's own game, CS2 or Dota 2, in both languages, and never a game the store does not sell", async () => {
    const { i18nFor, loadTexts, setTextVariables } = await import('#app/lib/i18n.ts');
    await loadTexts('ru');
    await loadTexts('en');
    const keys = ['home.title', 'shell.mainPage.title', 'shell.mainPage.text', 'shell.welcome.title', 'shell.landing.title'];
    for (const game of ['CS2', 'Dota 2']) {
      setTextVariables({ game });
      for (const lang of ['ru', 'en'] as const) {
        for (const key of keys) {
          const text = i18nFor(lang).t(key);
          expect(text, `${lang} ${key}`).toContain(game);
          expect(text, `${lang} ${key}`).not.toContain(game === 'CS2' ? 'Dota' : 'CS2');
          expect(text, `${lang} ${key}`).not.toContain('{{');
        }
      }
    }
    setTextVariables({ game: 'CS2' });
    expect(i18nFor('en').t('home.title')).toBe('Open CS2 cases');
    expect(i18nFor('ru').t('shell.landing.title')).toBe('Открой первый кейс CS2 и выведи скин в Steam за минуту');
  });
});
