import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@store/shared/account';
import { loader as bonusesLoader } from '#app/routes/bonuses.tsx';
import { loader as faqLoader } from '#app/routes/faq.tsx';
import type { FaqCategoryData } from '#app/features/content/api/get-faq.ts';
import { categoryOfQuestion, filterFaq, questionCount } from '#app/features/content/utils/faq-search.ts';
import { STORAGE_ENTRIES } from '#app/features/content/utils/storage-inventory.ts';
import { VIEWPORT_COOKIE } from '#app/lib/device-class.ts';
import { SCAM_COOKIE } from '#app/lib/scam-cookie.ts';
import * as storageKeys from '#app/lib/storage-keys.ts';
import { TOKEN_COOKIE } from '#app/lib/session.ts';
import { loadContext } from '#app/lib/server-api.ts';
import { allLegalDocs } from '#app/features/content/docs/legal-docs.server.ts';
import { loader as agreementLoader } from '#app/routes/user-agreement.tsx';
import { loader as cookiesLoader } from '#app/routes/cookies.tsx';
import { loader as eventLoader } from '#app/routes/event-condition.tsx';
import ru from '#app/locales/ru/pages.json';
import en from '#app/locales/en/pages.json';
import { playerTexts } from '#app/lib/i18n-all.ts';

/** The store's in-process API as a loader sees it, recording each call and the language it was made in. */
function context(bonusPage: boolean, calls: string[] = []) {
  const apiFetch = async (path: string, init?: RequestInit) => {
    calls.push(`${path} ${(init?.headers as Record<string, string>)['x-client-language']}`);
    if (path === '/api/v1/config') return Response.json({ status: true, data: { flags: { bonus_page: bonusPage } } });
    if (path === '/api/v1/page/faq') return Response.json({ status: true, data: { categories: [] } });
    return Response.json({ status: false, code: 'dataNotFound', message: 'no' }, { status: 404 });
  };
  return new RouterContextProvider(new Map([[loadContext, { apiFetch, nonce: '' }]]));
}

type Args = Parameters<typeof bonusesLoader>[0];
const args = (url: string, ctx: ReturnType<typeof context>) =>
  ({ request: new Request(url), url: new URL(url), context: ctx, params: {} }) as unknown as Args;

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (e) {
    return e instanceof Response && e.status >= 300 && e.status < 400 ? e.headers.get('location') : null;
  }
}

describe('the /bonuses loader', () => {
  it('sends the player to the main page, in the page language, while the bonus_page flag is off', async () => {
    expect(await redirectOf(bonusesLoader(args('http://store.test/bonuses', context(false))))).toBe('/');
    expect(await redirectOf(bonusesLoader(args('http://store.test/en/bonuses', context(false))))).toBe('/en');
  });

  it('shows the page while the flag is on', async () => {
    const calls: string[] = [];
    expect(await redirectOf(bonusesLoader(args('http://store.test/en/bonuses', context(true, calls))))).toBeNull();
    expect(calls).toEqual(['/api/v1/config en']);
  });
});

describe('the /faq loader', () => {
  it("asks for the FAQ in the page's language", async () => {
    const calls: string[] = [];
    await faqLoader(args('http://store.test/faq', context(true, calls)) as unknown as Parameters<typeof faqLoader>[0]);
    await faqLoader(args('http://store.test/en/faq', context(true, calls)) as unknown as Parameters<typeof faqLoader>[0]);
    expect(calls).toEqual(['/api/v1/page/faq ru', '/api/v1/page/faq en']);
  });
});

const q = (id: string, question: string, ...answer: string[]) => ({ id, question, answer, links: [] });
const faq: FaqCategoryData[] = [
  { id: 'withdrawal', title: 'Вывод в Steam', questions: [q('trade-link', 'Что нужно для вывода?', 'Ссылка на обмен Steam.'), q('withdrawal-time', 'Как быстро приходит предмет?', 'Обычно меньше чем за минуту.')] },
  { id: 'battles', title: 'Батлы', questions: [q('how-battle-works', 'Что такое батл?', 'До 4 игроков открывают одни и те же кейсы.')] },
  { id: 'payments', title: 'Пополнение', questions: [q('promo-codes', 'Как работают промокоды?', 'Введите код — регистр не важен. Ещё: приём ёлочных игрушек не ведётся.')] },
];

describe('the FAQ search', () => {
  it('keeps everything for a blank query', () => {
    expect(filterFaq(faq, '   ')).toEqual(faq);
    expect(questionCount(filterFaq(faq, ''))).toBe(4);
  });

  it('narrows to the questions holding every word, in the question or the answer, any case, parts of words too', () => {
    expect(filterFaq(faq, 'STEAM ссылка').flatMap((c) => c.questions.map((x) => x.id))).toEqual(['trade-link']);
    expect(filterFaq(faq, 'минут').flatMap((c) => c.questions.map((x) => x.id))).toEqual(['withdrawal-time']);
    expect(filterFaq(faq, 'промокод!').map((c) => c.id)).toEqual(['payments']);
  });

  it('finds ё as е, and a whole topic by its title', () => {
    expect(questionCount(filterFaq(faq, 'елочных'))).toBe(1);
    expect(filterFaq(faq, 'вывод').flatMap((c) => c.questions.map((x) => x.id))).toEqual(['trade-link', 'withdrawal-time']);
    expect(filterFaq(faq, 'батлы').flatMap((c) => c.questions.map((x) => x.id))).toEqual(['how-battle-works']);
  });

  it('finds nothing for gibberish', () => {
    expect(filterFaq(faq, 'qwxzv')).toEqual([]);
    expect(filterFaq(faq, 'вывод qwxzv')).toEqual([]);
  });

  it('knows the topic of a linked question', () => {
    expect(categoryOfQuestion(faq, 'promo-codes')).toBe('payments');
    expect(categoryOfQuestion(faq, 'nope')).toBeNull();
  });
});

describe('the cookie policy', () => {
  it('names exactly the keys the store uses', () => {
    const named = STORAGE_ENTRIES.flatMap((e) => e.names);
    const { soundKey, confirmSkipKey, ...fixed } = storageKeys;
    const used = [
      // Every storage key of lib/storage-keys.ts, and the cookies the store sets.
      ...Object.values(fixed), TOKEN_COOKIE, LOCALE_COOKIE, VIEWPORT_COOKIE, SCAM_COOKIE,
      // Set by the server's sign-in (decision 022) and read from an ad network: not constants the web holds.
      'signin_state', '_fbp', '_fbc',
      // One key per player or per action (shown with a placeholder).
      soundKey(null), soundKey(0).replace(/0$/, '<id>'), confirmSkipKey('<action>'),
    ];
    expect([...named].sort()).toEqual([...used].sort());
  });

  it('lists the storage keys and cookies of spec §9 under their names there', () => {
    const named = STORAGE_ENTRIES.flatMap((e) => e.names);
    for (const name of ['locale-changed', 'nuxt-utm-data', 'nuxt-utm-session-id', 'pwa-bonus-earned', 'locale', 'viewport', 'tastyToken']) expect(named, name).toContain(name);
    const kindOf = (name: string) => STORAGE_ENTRIES.find((e) => e.names.includes(name))?.kind;
    // The UTM session is the browser session: it goes when the tab does (decision 052).
    expect(kindOf('nuxt-utm-session-id')).toBe('session');
    expect(kindOf('nuxt-utm-data')).toBe('local');
    expect(kindOf('viewport')).toBe('cookie');
    expect(kindOf(SCAM_COOKIE)).toBe('cookie');
  });

  it('explains every entry in both languages', () => {
    for (const doc of [allLegalDocs.cookies.ru, allLegalDocs.cookies.en]) for (const e of STORAGE_ENTRIES) expect(doc.entries[e.key as keyof typeof doc.entries], e.key).toBeTruthy();
  });
});

/** Every leaf key of a texts file, dotted; list positions count as keys. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const leaves = (obj: unknown): unknown[] => (obj !== null && typeof obj === 'object' ? Object.values(obj).flatMap(leaves) : [obj]);

const docNames = Object.keys(allLegalDocs) as (keyof typeof allLegalDocs)[];
const known = new Set(['site', 'game', 'beneficiary', 'registration', 'address', 'support', 'mail', 'query', 'count', 'levels', 'coins', 'email', 'trade', 'cases', 'social', 'push', 'pushApp']);

describe('the pages texts', () => {
  it('are all under "pages", with the same keys in Russian and English, none empty', () => {
    expect(Object.keys(ru)).toEqual(['pages']);
    expect(Object.keys(en)).toEqual(['pages']);
    expect(keys(en).sort()).toEqual(keys(ru).sort());
    for (const texts of [ru, en]) for (const v of leaves(texts)) expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });

  it('interpolate only the values the pages pass', () => {
    for (const texts of [ru, en])
      for (const v of leaves(texts)) for (const [, name] of String(v).matchAll(/\{\{(\w+)\}\}/g)) expect(known, `{{${name}}}`).toContain(name);
  });
});

describe('the legal documents', () => {
  it('have the same keys and section ids in Russian and English, none empty', () => {
    for (const name of docNames) {
      const { ru: r, en: e } = allLegalDocs[name];
      expect(keys(e).sort(), name).toEqual(keys(r).sort());
      for (const v of [...leaves(r), ...leaves(e)]) expect(typeof v === 'string' && v.trim().length > 0, name).toBe(true);
    }
    const ids = (lang: 'ru' | 'en') => {
      const { agreement, event, cookies } = { agreement: allLegalDocs.agreement[lang], event: allLegalDocs.event[lang], cookies: allLegalDocs.cookies[lang] };
      return [agreement.sections, event.rules, event.privacy, cookies.sections].map((list) => list.map((s) => s.id));
    };
    expect(ids('en')).toEqual(ids('ru'));
  });

  it('interpolate only the values the pages pass', () => {
    for (const name of docNames)
      for (const lang of ['ru', 'en'] as const)
        for (const v of leaves(allLegalDocs[name][lang])) for (const [, n] of String(v).matchAll(/\{\{(\w+)\}\}/g)) expect(known, `${name}.${lang}: {{${n}}}`).toContain(n);
  });

  it('stay out of the texts every page loads: no paragraph of them is in the language chunks', () => {
    const chunk = { ru: JSON.stringify(playerTexts.ru), en: JSON.stringify(playerTexts.en) };
    for (const name of docNames)
      for (const lang of ['ru', 'en'] as const) {
        const prose = leaves(allLegalDocs[name][lang]).filter((v): v is string => typeof v === 'string' && v.length > 60);
        expect(prose.length, `${name}.${lang}`).toBeGreaterThan(0);
        for (const line of prose) expect(chunk[lang].includes(JSON.stringify(line).slice(1, -1)), `${name}.${lang}: ${line.slice(0, 40)}`).toBe(false);
      }
  });

  it("reach each page from its loader, in the page's language", () => {
    const at = (url: string) => ({ request: new Request(url), url: new URL(url), params: {} }) as never;
    const agreementRu = agreementLoader(at('http://store.test/user-agreement')).doc;
    expect(agreementRu.sections.map((s) => s.title)).toEqual(allLegalDocs.agreement.ru.sections.map((s) => s.title));
    expect(agreementLoader(at('http://store.test/en/user-agreement')).doc.intro).toEqual(allLegalDocs.agreement.en.intro);
    expect(cookiesLoader(at('http://store.test/en/cookies')).doc.entries).toEqual(allLegalDocs.cookies.en.entries);
    expect(eventLoader(at('http://store.test/privacy-policy')).doc.privacy).toEqual(allLegalDocs.event.ru.privacy);
    expect(eventLoader(at('http://store.test/en/event-condition')).doc.rules).toEqual(allLegalDocs.event.en.rules);
  });
});
