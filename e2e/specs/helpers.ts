import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The tag of a test that changes what every player sees (the clock, a feature flag, tech-work) or
 * counts on what every player does (a leaderboard of everyone's spending, the ribbon of everyone's
 * drops). Such tests run one at a time on a store of their own, beside the others, which run in
 * parallel (playwright.config.ts).
 */
export const STORE_WIDE = { tag: '@store-wide' };

/**
 * A player whose browser speaks Russian. The payment country follows the visitor's browser and
 * CDN country, never the page's language (decision 043), so a test of the Russian table (SBP,
 * roubles) plays such a player; the test browser's own default is American English.
 */
export const RUSSIAN_BROWSER = { locale: 'ru-RU' } as const;

/**
 * The operator command support staff run (`npm run admin`), against the store under test. It runs
 * the bundle `npm start` built when the store under test started (scripts/build-server.mjs): the
 * same code without npm and without compiling TypeScript, a third of the processor per call.
 */
export async function operator(args: string[], storeDataDir?: string): Promise<string> {
  // The store of the test's project (the @store-wide tests have one of their own, playwright.config.ts),
  // or the one named.
  const dataDir = storeDataDir ?? (test.info().project.metadata as { dataDir?: string }).dataDir ?? process.env.E2E_DATA_DIR;
  const { stdout } = await run(process.execPath, [path.join(root, 'apps/server/dist/admin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
  });
  return stdout;
}

export const grant = (login: string, amount: number) => operator(['grant', '--login', login, '--amount', String(amount)]);

/** The letters the sandbox mail service delivered to an address, newest first, as support reads them. */
export async function lettersTo(address: string): Promise<{ subject: string; text: string }[]> {
  const out = await operator(['mail', '--to', address]);
  return (JSON.parse(out.slice(out.search(/^\{/m))) as { letters: { subject: string; text: string }[] }).letters;
}

/**
 * Puts a catalogue item (a skin, a pack, a balance credit) into a player's inventory, as support
 * staff would; answers the new inventory item's id and price. The command prints JSON after npm's lines.
 */
export async function giveItem(login: string, key: string): Promise<{ inventory_id: number; price: number }> {
  const out = await operator(['give-item', '--login', login, '--item', key]);
  return JSON.parse(out.slice(out.search(/^\{/m))) as { inventory_id: number; price: number };
}

/** Moves the test store's clock on (the store runs with TEST_CLOCK=1). */
/** Switches a feature flag of the running store as an operator does (decision 023); `reset` returns it to the configured value. */
export const setFlag = (name: string, value: 'on' | 'off' | 'reset') =>
  operator(value === 'reset' ? ['flags', 'reset', '--name', name] : ['flags', 'set', '--name', name, '--value', value]);

/** Gives an account an operator role (or takes it away with `none`), as the store's owner does from the command line (decision 029). */
export const setRole = (login: string, role: 'admin' | 'support' | 'none') => operator(['role', '--login', login, '--role', role]);

export const advanceClock = (hours: number) => operator(['clock', '--advance-hours', String(hours)]);

/**
 * Defines a leaderboard starting now, as an operator would; answers its id. The command prints
 * its result as JSON after npm's own lines.
 */
export async function createTop(opts: { type: string; hours: number; prizes: number; title?: string }): Promise<number> {
  const out = await operator(['top', 'create', '--type', opts.type, '--hours', String(opts.hours), '--prizes', String(opts.prizes), ...(opts.title ? ['--title', opts.title] : [])]);
  const json = out.slice(out.search(/^\{/m));
  return (JSON.parse(json) as { id: number }).id;
}

/** Gives a player one free opening of a case for a week, as support staff would. */
export const grantFreeCase = (login: string, slug: string) => operator(['free-case', '--login', login, '--case', slug, '--days', '7']);

/**
 * Whether the page draws: null once the browser has painted twice, or the page's visibility when
 * no frame came within `ms`.
 */
const drawsWithin = (page: Page, ms: number) =>
  page.evaluate(
    (ms) =>
      new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(document.visibilityState), ms);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve(null);
          }),
        );
      }),
    ms,
  );

/**
 * Resolves after the browser has painted twice: whatever React committed before is on screen.
 * Should the page draw nothing for 5 s, the wait ends and the test's report says so: what the
 * page shows was laid out all the same (see `hydrated` for pages that never start to draw).
 */
export async function nextFrames(page: Page): Promise<void> {
  const state = await drawsWithin(page, 5_000);
  if (state !== null) test.info().annotations.push({ type: 'no frames', description: `${page.url()} drew no frame within 5 s (the page ${state})` });
}

/** What must not be on the page while an animation runs: elements, or elements saying a text. */
export type Outcome = string | { selector: string; text: string };

/**
 * Watches the page from now on, at every change it makes, for a moment when `outcomes` are on it
 * (with `running` on it too, when given); answers whether that moment ever came. A check made once
 * passes or fails by the machine's pace; this one sees every moment. The watch ends with the page.
 */
async function watchEver(page: Page, running: string | null, outcomes: Outcome[]): Promise<() => Promise<boolean>> {
  const key = `__watch_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, running, outcomes }) => {
      const flags = window as unknown as Record<string, boolean>;
      flags[key] = false;
      const shown = (o: Outcome) =>
        typeof o === 'string' ? document.querySelector(o) !== null : [...document.querySelectorAll(o.selector)].some((el) => el.textContent?.includes(o.text));
      const check = () => {
        if ((running === null || document.querySelector(running)) && outcomes.some(shown)) flags[key] = true;
      };
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      check();
    },
    { key, running, outcomes },
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key);
}

/** Whether any of `outcomes` was ever on the page while its animation (`running`) was: an outcome must wait for it. */
export async function watchSuspense(page: Page, running: string, outcomes: Outcome[]): Promise<{ broken(): Promise<boolean> }> {
  return { broken: await watchEver(page, running, outcomes) };
}

/** Every text `selector` showed from now on, however briefly (a "+N XP" that floats up and goes). */
export async function watchTexts(page: Page, selector: string): Promise<{ texts(): Promise<string[]> }> {
  const key = `__texts_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, selector }) => {
      const seen = new Set<string>();
      (window as unknown as Record<string, Set<string>>)[key] = seen;
      const check = () => document.querySelectorAll(selector).forEach((el) => seen.add((el.textContent ?? '').trim()));
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      check();
    },
    { key, selector },
  );
  return { texts: () => page.evaluate((k) => [...((window as unknown as Record<string, Set<string>>)[k] ?? [])], key) };
}

/** Whether `selector` was ever on the page from now on, however briefly (a reel that spun, a toast that went). */
export async function watchSeen(page: Page, selector: string): Promise<{ seen(): Promise<boolean> }> {
  return { seen: await watchEver(page, null, [selector]) };
}

/**
 * Whether an element matching `selector` was seen moving from now on. Two witnesses, either is
 * enough: the browser started a CSS transition of its transform lasting at least 200 ms (a jump
 * starts none), or its transform, sampled at every painted frame, took three different values (at
 * rest, on its way, at its end). A loaded machine may paint too few frames for the second, never
 * too few for the first; both outlive the element, so a late look still sees a strip that ran.
 */
export async function watchMotion(page: Page, selector: string): Promise<{ moved(): Promise<boolean> }> {
  const key = `__motion_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, selector }) => {
      const state = { positions: new Set<string>(), longest: 0 };
      (window as unknown as Record<string, typeof state>)[key] = state;
      document.addEventListener(
        'transitionrun',
        (e) => {
          const el = e.target as Element;
          if (e.propertyName !== 'transform' || !el.matches?.(selector)) return;
          const run = el.getAnimations().find((a) => a instanceof CSSTransition && a.transitionProperty === 'transform');
          state.longest = Math.max(state.longest, Number(run?.effect?.getComputedTiming().duration ?? 0));
        },
        true,
      );
      const sample = () => {
        const el = document.querySelector(selector);
        if (el) state.positions.add(getComputedStyle(el).transform);
        if (state.positions.size < 3) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    },
    { key, selector },
  );
  return {
    moved: () =>
      page.evaluate((k) => {
        const state = (window as unknown as Record<string, { positions: Set<string>; longest: number } | undefined>)[k];
        return !!state && (state.longest >= 200 || state.positions.size >= 3);
      }, key),
  };
}

/**
 * Waits until the page is hydrated (its components' first effects, and the requests they start,
 * have run) and draws. Now and then headless Chromium never starts drawing a page it has just
 * loaded: its scripts run and answer, but no animation frame comes and no screenshot can be taken,
 * for minutes (seen on a busy machine: four times in about 700 loads of the daily-case pages, each
 * time on a page reached from another of the store's pages). Bringing the page to the front, resizing it, freezing and
 * resuming it or changing its styles did not wake it; loading it again did, every time. So such a
 * page is loaded again, once, and the test's report says so; a page that draws nothing twice fails.
 */
export async function hydrated(page: Page): Promise<void> {
  const loaded = () => page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
  // A minute at most, so a page that never hydrates is named as such rather than by the test's timeout.
  await loaded();
  const first = await drawsWithin(page, 5_000);
  if (first === null) return;
  test.info().annotations.push({ type: 'no frames', description: `${page.url()} drew no frame within 5 s of hydrating (the page ${first}); loaded again` });
  await page.reload();
  await loaded();
  const second = await drawsWithin(page, 15_000);
  expect(second, `${page.url()} draws once loaded again`).toBeNull();
}

export const shotDir = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** Phone and desktop; the core pages are also shot at tablet and wide desktop widths. */
export const WIDTHS = [360, 1280];
export const ALL_WIDTHS = [360, 768, 1280, 1920];

/**
 * Screenshots the page at each width, after checking that nothing pushes it wider than the
 * screen (a sideways scroll is the most common way a layout breaks on a phone). E2E_SHOTS=off
 * (CI, which opens no pictures) keeps the check and leaves the picture out.
 */
export async function shoot(page: Page, name: string, widths: number[] = WIDTHS) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : width >= 1920 ? 1080 : 900 });
    await nextFrames(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    if (process.env.E2E_SHOTS !== 'off') await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: false });
  }
}

/** A quick-registered player, with the headers its API calls carry. */
export interface Player {
  login: string;
  /** The generated password the quick registration shows once. */
  password: string;
  access_token: string;
  user_id: number;
  headers: { authorization: string };
}

export async function register(request: APIRequestContext): Promise<Player> {
  const reg = (await (await request.post('/api/v1/auth/registration/quick', { data: {} })).json()).data;
  return { ...reg, headers: { authorization: `Bearer ${reg.access_token}` } };
}

/** Signs the browser in as `player` with the session cookie the site sets. */
export async function signIn(page: Page, baseURL: string, player: Player) {
  await page.context().addCookies([{ name: 'tastyToken', value: player.access_token, url: baseURL }]);
}

/**
 * Keeps a log of every alert the page shows, in order, across reloads. An alert lives 3 s; on a
 * loaded machine a check that starts a moment late would miss one that was shown, so checks ask
 * the log whether (and when) it appeared rather than racing its timer. Call before the page loads.
 */
export async function watchAlerts(page: Page) {
  const install = () => {
    const w = window as unknown as { __alertsSeen?: string[] };
    if (w.__alertsSeen) return;
    w.__alertsSeen = JSON.parse(sessionStorage.getItem('__alertsSeen') ?? '[]') as string[];
    const record = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      for (const el of [node, ...node.querySelectorAll<HTMLElement>('[data-testid="alert"]')]) {
        if (el.dataset.testid !== 'alert') continue;
        w.__alertsSeen!.push(el.textContent ?? '');
        sessionStorage.setItem('__alertsSeen', JSON.stringify(w.__alertsSeen));
      }
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(record))).observe(document, { childList: true, subtree: true });
  };
  await page.addInitScript(install);
  return {
    /** Every alert text shown so far. */
    seen: () => page.evaluate(() => (window as unknown as { __alertsSeen?: string[] }).__alertsSeen ?? []),
    /** Waits until an alert containing `text` has been shown. */
    shown: (text: string) =>
      expect
        .poll(async () => (await page.evaluate(() => (window as unknown as { __alertsSeen?: string[] }).__alertsSeen ?? [])).some((a) => a.includes(text)), {
          message: `an alert with "${text}" is shown`,
        })
        .toBe(true),
  };
}

/** The cheapest plain case a player can open from the main list. */
export async function cheapCase(page: Page): Promise<{ slug: string; price: number }> {
  const sections = (await (await page.request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  const cards = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null);
  cards.sort((a, b) => a.price_data.price - b.price_data.price);
  expect(cards.length).toBeGreaterThan(0);
  return { slug: cards[0].slug, price: cards[0].price_data.price };
}

/**
 * Opens a case through the API as soon as the store takes it: it takes one opening at a time per
 * player and refuses the next (`fastOpen`) until the last one's roulette has stopped, so openings
 * back to back choose the fast roulette and wait out a refusal.
 */
export async function openAsap(request: APIRequestContext, slug: string, multiOpen: number, headers: Record<string, string>) {
  // A fast roulette holds the next opening under a second; a refusal that outlasts 15 s is a fault.
  for (let tries = 0; tries < 75; tries++) {
    const res = await request.post(`/api/v1/cases/${slug}/open`, { data: { multi_open: multiOpen, fast: true }, headers });
    if (res.status() !== 429) return res;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the store still refused to open ${slug} (fastOpen) after 15 s`);
}

/** A signed-in player holding `opens × 5` items from the cheapest plain case. */
export async function playerWithItems(page: Page, request: APIRequestContext, baseURL: string, opens: number) {
  const reg = (await (await request.post('/api/v1/auth/registration/quick', { data: {} })).json()).data;
  const sections = (await (await request.get('/api/v2/case/sections/with-cases')).json()).data as any[];
  const box = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null && c.price_data.price >= 100)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  // Some balance is left over, so the store does not offer its low-balance case of the day here.
  await grant(reg.login, Math.ceil(box.price_data.price * 5 * opens) + 100);
  const headers = { authorization: `Bearer ${reg.access_token}` };
  for (let i = 0; i < opens; i++) expect((await openAsap(request, box.slug, 5, headers)).status()).toBe(200);
  await page.context().addCookies([{ name: 'tastyToken', value: reg.access_token, url: baseURL }]);
  return { ...reg, headers };
}
