import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqCategory, FaqResponse } from '@store/shared/api/content';
import { MAX_UPGRADE_ITEMS } from '@store/shared/constants';
import { api } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const faq = async (headers: Record<string, string>) => {
  const res = await store.app.inject({ method: 'GET', url: '/api/v1/page/faq', headers });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { status: boolean; data: FaqResponse } };
};
const shape = (categories: FaqCategory[]) => categories.map((c) => ({ id: c.id, questions: c.questions.map((q) => q.id) }));
const textOf = (c: FaqCategory) => [c.title, ...c.questions.flatMap((q) => [q.question, ...q.answer])].join('\n');

/**
 * Every topic the store's players ask about, and words its category must hold in each
 * language: a topic that went missing or drifted into another category fails here.
 */
const topics: Record<string, { ru: RegExp[]; en: RegExp[] }> = {
  balance: { ru: [/GOLD/, /монет/i, /нельзя вывести/i], en: [/GOLD/, /coins/i, /cannot be paid out/i] },
  cases: { ru: [/x1–x5/, /Multifix/], en: [/x1 to x5/, /Multifix/] },
  upgrades: { ru: [new RegExp(`до ${MAX_UPGRADE_ITEMS}`), /Шанс = /], en: [new RegExp(`to ${MAX_UPGRADE_ITEMS}`), /Chance = /] },
  contracts: { ru: [/от 3 до 10/], en: [/3 to 10/] },
  battles: { ru: [/до 4/, /бот/i], en: [/to 4 players/, /bots/i] },
  withdrawal: { ru: [/ссылка на обмен/i, /меньше чем за минуту/i, /Обмен отправлен/], en: [/trade link/i, /within a minute/i, /Offer sent/] },
  'provably-fair': { ru: [/хеш/i, /client seed/i, /nonce/i, /Проверить/], en: [/hash/i, /client seed/i, /nonce/i, /Check/] },
  payments: { ru: [/промокод/i, /Пополнить/], en: [/promo code/i, /Top up/] },
  account: { ru: [/Steam/, /Google/, /VK/, /18/], en: [/Steam/, /Google/, /VK/, /18/] },
  daily: { ru: [/раз в 24 часа/, /уровн/i, /бесплатн/i], en: [/once every 24 hours/, /level/i, /free/i] },
  event: { ru: [/боевой пропуск/i, /50 уровней/, /розыгрыш/i], en: [/battle pass/i, /50 levels/, /raffle/i] },
};

describe('GET /api/v1/page/faq', () => {
  it('answers the FAQ in Russian and in English, every topic in its category', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const res = await faq({ 'x-client-language': lang });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      const categories = res.body.data.categories;
      expect(categories.map((c) => c.id)).toEqual(Object.keys(topics));
      for (const c of categories) {
        const text = textOf(c);
        for (const words of topics[c.id]![lang]) expect(text, `${lang} ${c.id}`).toMatch(words);
        for (const q of c.questions) {
          expect(q.question.trim().length, `${lang} ${q.id}`).toBeGreaterThan(5);
          for (const p of q.answer) expect(p, `${lang} ${q.id}`).not.toMatch(/TODO|lorem|undefined|NaN|\$\{/i);
          for (const link of q.links) expect(link.path).toMatch(/^\/([a-z]|$)/);
        }
      }
    }
  });

  it('has the same categories and questions, in the same order, in both languages, each in its own language', async () => {
    const ru = (await faq({ 'x-client-language': 'ru' })).body.data.categories;
    const en = (await faq({ 'x-client-language': 'en' })).body.data.categories;
    expect(shape(en)).toEqual(shape(ru));
    expect(ru.flatMap((c) => c.questions.map((q) => q.links.map((l) => l.path)))).toEqual(en.flatMap((c) => c.questions.map((q) => q.links.map((l) => l.path))));
    const ids = ru.flatMap((c) => c.questions.map((q) => q.id));
    expect(new Set(ids).size, 'question ids are unique, so /faq#id finds one question').toBe(ids.length);
    // Russian answers are in Cyrillic, English ones are not.
    for (const c of ru) expect(textOf(c)).toMatch(/[а-яё]{4}/i);
    for (const c of en) expect(textOf(c)).not.toMatch(/[а-яё]/i);
  });

  it("quotes the store's own settings: the support address and the upgrade rule", async () => {
    const { contacts, upgrades } = store.app.deps.project;
    for (const lang of ['ru', 'en'] as const) {
      const all = (await faq({ 'x-client-language': lang })).body.data.categories.map(textOf).join('\n');
      expect(all).toContain(contacts.support_mail);
      expect(all).toContain(`${Math.round(upgrades.rate * 100)}`);
      expect(all).toContain(upgrades.price_max_difference.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US'));
    }
  });

  it('falls back to Russian for a language it does not have, or none', async () => {
    const ru = (await faq({ 'x-client-language': 'ru' })).body.data;
    for (const headers of [{ 'x-client-language': 'de' }, { 'x-client-language': 'zz-ZZ' }, {}] as Record<string, string>[]) {
      const res = await faq(headers);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(ru);
    }
    // English in any region is English.
    expect((await faq({ 'x-client-language': 'en-GB' })).body.data.categories[0]!.title).toBe('Balance, GOLD and coins');
  });

  it('is public and cacheable per language', async () => {
    const res = await faq({ 'x-client-language': 'en' });
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(String(res.headers.vary)).toMatch(/x-client-language/i);
    // A guest and a signed-in player read the same page: no token needed.
    const guest = await api(store.app, 'GET', '/api/v1/page/faq', { lang: 'en' });
    expect(guest.body.data).toEqual(res.body.data);
  });
});
