import { describe, expect, it } from 'vitest';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { countryName, methodNameKey } from '#app/features/refill/utils/method-name.ts';
import { serverApi } from '#app/lib/server-api.ts';
import ruCommon from '#app/locales/ru/common.json';
import enCommon from '#app/locales/en/common.json';

describe('the server render asks for the payment country as the browser would', () => {
  it('passes on the visitor languages and CDN country, beside the page language and the session', async () => {
    const seen: Headers[] = [];
    const context = {
      apiFetch: async (_path: string, init: RequestInit = {}) => {
        seen.push(new Headers(init.headers));
        return new Response(JSON.stringify({ status: true, data: {} }), { headers: { 'content-type': 'application/json' } });
      },
    };
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

  it('name the country tables in the page language', () => {
    expect(countryName('RU', 'ru')).toBe('Россия');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('EU', 'ru')).not.toBe('EU');
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
});
