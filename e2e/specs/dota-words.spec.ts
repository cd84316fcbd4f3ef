import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, grant, hydrated, register, shoot, signIn, type Player } from './helpers.ts';

/**
 * Nothing of CS on the Dota 2 store (PROJECT=dota, the `dota` project of playwright.config.ts):
 * on every page a player reaches (the routes of routes.spec.ts), in both languages, at a phone's
 * and a desktop's width, neither the visible text, the title and the description nor what the
 * pictures show names CS, its knives or its gloves, and the logo's mark does not say "CS". Every
 * finding of a group of pages is listed at once, with its page, language and width, so one run
 * says all that is left to mend.
 */

const CS_WORDS = [/\bCS(2|:GO|GO)?\b/i, /knife|knives|glove/i, /(^|[^а-яё])нож/i, /перчат/i, /counter-strike/i];
/**
 * CS art by its address: Steam's app id of CS (`730`, standing on its own, not inside a build's
 * fingerprint), the game's names, or the project folder `cs` of the storage bucket
 * (packages/shared/src/image.ts: `/static/<project>/…`).
 */
const CS_PICTURE = /(^|[^a-z0-9])730([^a-z0-9]|$)|csgo|cs2|counter-strike|\/cs\//i;

const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/server/data/catalogue-dota.json'), 'utf8')) as {
  items: { key: string }[];
  cases: { slug: string }[];
};
const DOTA_ITEMS = new Set(catalogue.items.map((i) => i.key));
const DOTA_CASES = new Set(catalogue.cases.map((c) => c.slug));

/**
 * A drawing of the store's own (apps/server/src/modules/catalogue/art.ts, `/img/items/<key>.svg`
 * and `/img/cases/<slug>.svg`) of something the Dota catalogue does not hold: a CS item or case.
 */
function foreignDrawing(address: string): string | null {
  const item = /\/img\/items\/([^/?#]+)\.svg/.exec(address)?.[1];
  if (item && !DOTA_ITEMS.has(decodeURIComponent(item))) return `a drawing of ${item}, not a Dota item`;
  const box = /\/img\/cases\/([^/?#]+)\.svg/.exec(address)?.[1];
  if (box && !DOTA_CASES.has(decodeURIComponent(box))) return `a drawing of the case ${box}, not a Dota case`;
  return null;
}

interface Fixture {
  player: Player;
  caseSlug: string;
  caseId: number;
  battleUlid: string;
  orderId: string;
}

interface PageCase {
  name: string;
  path: (f: Fixture) => string;
  /** As a guest (default: the signed-in player, who holds items). */
  guest?: boolean;
}

// routes.spec.ts's pages, less the redirects, and the guest's own views of the pages a guest sees
// otherwise (the main page's sign-in, the pass without tasks, the ladder locked).
const PAGES: PageCase[] = [
  { name: 'home', path: () => '/' },
  { name: 'home-guest', path: () => '/', guest: true },
  { name: 'land1', path: () => '/land1', guest: true },
  { name: 'open-case', path: (f) => `/open/${f.caseSlug}` },
  { name: 'open-case-guest', path: (f) => `/open/${f.caseSlug}`, guest: true },
  { name: 'profile', path: (f) => `/profile/${f.player.user_id}` },
  { name: 'profile-settings', path: () => '/profile/settings' },
  { name: 'upgrades', path: () => '/upgrades' },
  { name: 'contract', path: () => '/contract' },
  { name: 'skin-exchange', path: () => '/skin-exchange' },
  { name: 'daily-cases', path: () => '/daily-cases' },
  { name: 'daily-cases-guest', path: () => '/daily-cases', guest: true },
  { name: 'leaderboard', path: () => '/leaderboard' },
  { name: 'offers-shop', path: () => '/offers-shop' },
  { name: 'event', path: () => '/event' },
  { name: 'event-battle-pass', path: () => '/event/battle-pass' },
  { name: 'event-battle-pass-guest', path: () => '/event/battle-pass', guest: true },
  { name: 'event-top', path: () => '/event/top' },
  { name: 'event-new-cases', path: () => '/event/new-cases' },
  { name: 'event-coin-cases', path: () => '/event/coin-cases' },
  { name: 'battles', path: () => '/battles' },
  { name: 'battles-create', path: () => '/battles/create' },
  { name: 'battles-details', path: () => '/battles/details' },
  { name: 'battles-history', path: () => '/battles/history' },
  { name: 'battles-statistics', path: () => '/battles/statistics' },
  { name: 'battle', path: (f) => `/battles/${f.battleUlid}` },
  { name: 'techies', path: () => '/techies' },
  { name: 'refill', path: () => '/refill' },
  { name: 'refill-result', path: (f) => `/refill/result?orderId=${f.orderId}` },
  { name: 'refill-unauth', path: () => '/refill/unauth', guest: true },
  { name: 'faq', path: () => '/faq' },
  { name: 'bonuses', path: () => '/bonuses' },
  { name: 'cookies', path: () => '/cookies' },
  { name: 'contacts', path: () => '/contacts' },
  { name: 'user-agreement', path: () => '/user-agreement' },
  { name: 'event-condition', path: () => '/event-condition' },
  { name: 'privacy-policy', path: () => '/privacy-policy' },
  { name: 'pf-check', path: () => '/provably-fair/check' },
  { name: 'pf-settings', path: () => '/provably-fair/settings' },
  { name: 'pf-instructions', path: () => '/provably-fair/instructions' },
  { name: 'pf-case-history', path: (f) => `/provably-fair/case-history/${f.caseId}` },
  { name: 'not-found', path: () => '/no-such-page-here' },
];

const withLang = (lang: 'ru' | 'en', p: string) => (lang === 'en' ? (p === '/' ? '/en' : `/en${p}`) : p);

/** What a page says and shows, read in the browser: its words by where they are, and its pictures' addresses. */
function readPage(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const meta = (selector: string) => [...document.querySelectorAll<HTMLMetaElement>(selector)].map((m) => m.content);
    const urls = (css: string) => [...css.matchAll(/url\((['"]?)(.*?)\1\)/g)].map((m) => m[2]!);
    const fromSrcset = (srcset: string | null) => (srcset ?? '').split(',').map((s) => s.trim().split(/\s+/)[0]!).filter(Boolean);
    const pictures: string[] = [];
    for (const img of document.querySelectorAll('img')) pictures.push(img.currentSrc, img.getAttribute('src') ?? '', ...fromSrcset(img.getAttribute('srcset')));
    for (const source of document.querySelectorAll('source')) pictures.push(...fromSrcset(source.getAttribute('srcset')));
    for (const el of document.querySelectorAll('body *')) {
      if (!shown(el)) continue;
      for (const pseudo of [null, '::before', '::after']) {
        const bg = getComputedStyle(el, pseudo).backgroundImage;
        if (bg && bg !== 'none') pictures.push(...urls(bg));
      }
    }
    pictures.push(...meta('meta[property="og:image"], meta[name="twitter:image"]'));
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="preload"][as="image"]')) pictures.push(link.href);
    return {
      text: document.body.innerText,
      title: document.title,
      description: meta('meta[name="description"]').join('\n'),
      social: meta('meta[property="og:title"], meta[property="og:description"], meta[name="twitter:title"], meta[name="twitter:description"]').join('\n'),
      // What a screen reader says of what is shown: names and labels of pictures and controls.
      labels: [...document.querySelectorAll('body [alt], body [aria-label], body [title]')]
        .filter(shown)
        .flatMap((el) => ['alt', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''))
        .filter(Boolean)
        .join('\n'),
      // The mark beside the store's name, wherever a layout puts it (shown or not at this width).
      logos: [...document.querySelectorAll('.logo__mark, .logo')].map((el) => `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''} ${el.querySelector('img')?.getAttribute('alt') ?? ''}`),
      logoPictures: [...document.querySelectorAll('.logo img, .logo image, .logo use')].map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? ''),
      pictures: [...new Set(pictures.filter((p) => p && !p.startsWith('data:')))],
    };
  });
}

type PageRead = Awaited<ReturnType<typeof readPage>>;

/**
 * The read, or null when the page has not answered within `ms`. The read itself takes a few tens
 * of milliseconds; once, on a starved CI machine, a page's renderer stopped answering it at all and
 * the test spent its whole time waiting. The caller reads again in a fresh renderer and fails only
 * if that does not answer either, so a page that really hangs is still reported, as such.
 */
async function readWithin(page: Page, ms: number): Promise<PageRead | null> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([readPage(page), silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every CS word in `text`, each with a little of what surrounds it. */
function csWords(text: string): string[] {
  const found: string[] = [];
  for (const re of CS_WORDS) {
    const all = new RegExp(re.source, 'gi');
    for (const m of text.matchAll(all)) {
      const at = m.index + m[0].length - m[0].trimStart().length;
      found.push(`"${text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ').trim()}"`);
    }
  }
  return [...new Set(found)];
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  const player = await register(request);
  await grant(player.login, 1000);
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  const box = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.daily && c.battle_allowed !== false && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  // Items in the inventory, the upgrade's and the contract's pickers and the profile's history.
  expect((await request.post(`/api/v1/cases/${box.slug}/open`, { data: { multi_open: 5 }, headers: player.headers })).status()).toBe(200);
  // A finished battle, bots on the other seat: its page shows both drops.
  const created = await request.post('/api/battles/battles', { headers: player.headers, data: { mode: '1v1', cases: [{ slug: box.slug, count: 1 }] } });
  const battleUlid = ((await created.json()).data as { battle_ulid: string }).battle_ulid;
  expect((await request.post('/api/battles/start', { headers: player.headers, data: { battle_ulid: battleUlid } })).status()).toBe(200);
  const payment = await request.post('/api/v1/payments/transaction/start', { headers: player.headers, data: { country: 'RU', method_id: 101, amount: 1000 } });
  const orderId = ((await payment.json()).data as { order_id: string }).order_id;
  fixture = { player, caseSlug: box.slug, caseId: box.id, battleUlid, orderId };
});

test.describe.configure({ mode: 'parallel' });
const GROUP = 11;

for (const lang of ['ru', 'en'] as const) {
  for (let from = 0; from < PAGES.length; from += GROUP) {
    const group = PAGES.slice(from, from + GROUP);
    test(`${lang}: no CS words, CS pictures or CS logo on the Dota store (${group[0]!.name} … ${group.at(-1)!.name})`, async ({ browser, baseURL }) => {
      test.setTimeout(300_000);
      const guestContext = await browser.newContext();
      const signedInContext = await browser.newContext();
      const tabs = { guest: await guestContext.newPage(), signedIn: await signedInContext.newPage() };
      // The session cookie is the context's: a tab opened again later is signed in too.
      await signIn(tabs.signedIn, baseURL!, fixture.player);
      // Each finding with every page, language and width it was seen on: one line per thing to mend.
      const findings = new Map<string, string[]>();
      const found = (what: string, where: string) => findings.set(what, [...(findings.get(what) ?? []), where]);
      let pictures = 0;
      for (const route of group) {
        const tab = route.guest ? 'guest' : 'signedIn';
        const address = withLang(lang, route.path(fixture));
        const open = async (page: Page) => {
          await page.goto(address);
          await hydrated(page);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          // Dota's own look (styles/themes.css) and its letters on the logo, not only the absence of CS.
          await expect(page.locator('html')).toHaveAttribute('data-theme', 'dota');
          await expect(page.getByTestId('logo-mark').first()).toHaveText('D2');
          // Wait for what the page loads after hydration (lists, the inventory, live drops).
          await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
        };
        await test.step(`${route.name}: ${address}`, async () => {
          await open(tabs[tab]);
          for (const width of WIDTHS) {
            const where = `${address} ${width} px`;
            // A page wider than the phone fails shoot(); it is listed with the rest rather than ending the scan.
            await shoot(tabs[tab], `dota-words-${lang}-${route.name}`, [width]).catch((e: Error) => found(e.message.split('\n')[0]!, where));
            let read = await readWithin(tabs[tab], 60_000);
            if (!read) {
              // Closing the tab ends its renderer; the page is opened again in a new one.
              test.info().annotations.push({ type: 'renderer', description: `${where}: no answer in 60 s, read again in a new tab` });
              await tabs[tab].close();
              tabs[tab] = await (tab === 'guest' ? guestContext : signedInContext).newPage();
              await open(tabs[tab]);
              await tabs[tab].setViewportSize({ width, height: width <= 360 ? 780 : 900 });
              read = await readWithin(tabs[tab], 60_000);
            }
            if (!read) {
              found('the page stopped answering (twice, in two renderers)', where);
              continue;
            }
            for (const [part, text] of [
              ['text', read.text],
              ['title', read.title],
              ['meta description', read.description],
              ['social meta', read.social],
              ['labels', read.labels],
            ] as const) {
              for (const w of csWords(text)) found(`${part} says ${w}`, where);
            }
            for (const logo of read.logos) if (/\bCS\b/i.test(logo)) found(`the logo says "${logo.replace(/\s+/g, ' ').trim()}"`, where);
            pictures += read.pictures.length;
            for (const src of [...read.pictures, ...read.logoPictures]) {
              if (CS_PICTURE.test(src)) found(`a CS picture ${src}`, where);
              const drawing = foreignDrawing(src);
              if (drawing) found(`${drawing} (${src})`, where);
            }
          }
        });
      }
      await Promise.all([guestContext.close(), signedInContext.close()]);
      // The scan saw pictures at all (an empty page would pass it).
      expect(pictures).toBeGreaterThan(0);
      const report = [...findings].map(([what, where]) => `${lang}: ${what}, on ${[...new Set(where)].join(', ')}`);
      if (report.length) await test.info().attach('cs-findings', { body: report.join('\n'), contentType: 'text/plain' });
      expect(report, 'nothing of CS on the Dota store').toEqual([]);
    });
  }
}
