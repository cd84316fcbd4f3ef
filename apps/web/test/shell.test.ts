import { describe, expect, it } from 'vitest';
import { bottomMenu, bottomMenuRight, desktopMenu, footerSocials, guideSteps, labelOf, legalLinks, sideExtras, sideMenu, socialLinks, visibleItems, type FlagKey } from '#app/components/layout/nav-items.ts';
import { parseGuideSeen } from '#app/components/layout/guide-memory.ts';
import { isFocused } from '#app/components/layout/layout-handle.ts';
import { shellScreen, WELCOME_EXEMPT } from '#app/features/shell/utils/shell-screen.ts';
import type { ConfigData } from '#app/lib/config.ts';
import ruShell from '#app/locales/ru/shell.json';
import enShell from '#app/locales/en/shell.json';
import { playerTexts } from '#app/lib/i18n-all.ts';

type Flags = ConfigData['flags'];
const ALL_ON: Flags = {
  pf: true,
  battles: true,
  battlesBanner: true,
  bonusPage: true,
  contract: true,
  freeCases: true,
  freeCasesBanner: true,
  leaderboard: true,
  secretShop: true,
  techies: true,
  upgrades: true,
  packsBanner: true,
  headerLeaderboard: true,
  headerPf: true,
};
/** The store's flags today (spec §1): header leaderboard and pf hidden, techies off. */
const TODAY: Flags = { ...ALL_ON, techies: false, headerLeaderboard: false, headerPf: false, battlesBanner: false, freeCasesBanner: false };
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('the menus of spec §2', () => {
  it('show exactly the spec entries, in its order, with the store of today', () => {
    expect(keys(visibleItems(bottomMenu, TODAY))).toEqual(['home', 'battles']);
    expect(keys(visibleItems(bottomMenuRight, TODAY))).toEqual(['daily']);
    expect(keys(visibleItems(sideMenu, TODAY))).toEqual(['daily', 'top', 'secret', 'bonuses', 'contracts', 'upgrades', 'battles', 'faq']);
    expect(keys(visibleItems(desktopMenu, TODAY))).toEqual(['battles', 'upgrades', 'contracts', 'newCases']);
    expect(socialLinks).toEqual(['instagram', 'telegram', 'vk']);
    expect(footerSocials).toContain('steam');
  });

  it('lead to the pages the spec names', () => {
    const path = Object.fromEntries(sideMenu.map((i) => [i.key, i.path]));
    expect(path).toEqual({ daily: '/daily-cases', top: '/leaderboard', secret: '/offers-shop', bonuses: '/bonuses', contracts: '/contract', upgrades: '/upgrades', battles: '/battles', faq: '/faq' });
    expect(Object.fromEntries(desktopMenu.map((i) => [i.key, i.path]))).toMatchObject({ battles: '/battles', upgrades: '/upgrades', contracts: '/contract', newCases: '/event/new-cases' });
    expect(legalLinks.map((l) => l.path)).toEqual(['/user-agreement', '/cookies', '/event-condition', '/contacts', '/faq']);
  });

  it.each<[FlagKey, string[]]>([
    ['battles', ['battles']],
    ['upgrades', ['upgrades']],
    ['contract', ['contracts']],
    ['leaderboard', ['top']],
    ['secretShop', ['secret']],
    ['bonusPage', ['bonuses']],
  ])('a feature switched off (%s) leaves no entry in any menu', (flag, gone) => {
    const flags = { ...TODAY, [flag]: false };
    for (const menu of [sideMenu, desktopMenu, bottomMenu, bottomMenuRight]) {
      const shown = keys(visibleItems(menu, flags));
      for (const k of gone) expect(shown).not.toContain(k);
      // Everything else stays.
      expect(shown.length).toBe(visibleItems(menu, TODAY).length - gone.filter((k) => keys(visibleItems(menu, TODAY)).includes(k)).length);
    }
  });

  it('the header shows the top and provably fair only under both their own and their header flags', () => {
    expect(keys(visibleItems(desktopMenu, ALL_ON))).toEqual(['battles', 'upgrades', 'contracts', 'newCases', 'top', 'pf']);
    expect(keys(visibleItems(desktopMenu, { ...ALL_ON, leaderboard: false }))).not.toContain('top');
    expect(keys(visibleItems(desktopMenu, { ...ALL_ON, pf: false }))).not.toContain('pf');
  });

  it('the techies game is in the extra block only while its flag is on', () => {
    expect(keys(visibleItems(sideExtras, TODAY))).toEqual(['event']);
    expect(keys(visibleItems(sideExtras, ALL_ON))).toEqual(['event', 'techies']);
  });

  it('every entry has its text in both languages', () => {
    const lookup = (texts: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
    const { ru, en } = playerTexts;
    for (const item of [...sideMenu, ...sideExtras, ...desktopMenu, ...bottomMenu, ...bottomMenuRight]) {
      expect(typeof lookup(ru, labelOf(item)), labelOf(item)).toBe('string');
      expect(typeof lookup(en, labelOf(item)), labelOf(item)).toBe('string');
    }
    const guideKeys = ['shell.guide.open', 'shell.guide.new', 'shell.guide.title', 'shell.guide.done', 'shell.footer.ads', 'shell.nav.more'];
    for (const s of guideSteps) guideKeys.push(`shell.guide.${s.key}.title`, `shell.guide.${s.key}.text`, `shell.guide.${s.key}.link`);
    for (const key of guideKeys) {
      expect(typeof lookup(ru, key), key).toBe('string');
      expect(typeof lookup(en, key), key).toBe('string');
    }
    for (const l of legalLinks) {
      expect(typeof lookup(ru, `shell.footer.${l.key}`)).toBe('string');
      expect(typeof lookup(en, `shell.footer.${l.key}`)).toBe('string');
    }
  });
});

describe('what replaces the app (spec §2 other screens)', () => {
  const base = { offline: false, welcomeRedirect: false, signedIn: false, pathname: '/' };

  it('the tech-work page while offline, for everybody and on every page', () => {
    for (const signedIn of [true, false]) for (const pathname of ['/', '/en/battles', '/land1', '/faq']) {
      expect(shellScreen({ ...base, offline: true, welcomeRedirect: true, signedIn, pathname })).toBe('tech-work');
    }
  });

  it('the welcome page for a guest only while the setting is on', () => {
    expect(shellScreen({ ...base, welcomeRedirect: true })).toBe('welcome');
    expect(shellScreen({ ...base, welcomeRedirect: true, pathname: '/en/upgrades' })).toBe('welcome');
    expect(shellScreen({ ...base, welcomeRedirect: false })).toBe('app');
    expect(shellScreen({ ...base, welcomeRedirect: true, signedIn: true })).toBe('app');
  });

  it('a guest still reads the landing and the legal pages the sign-in consent links to', () => {
    for (const p of WELCOME_EXEMPT) {
      expect(shellScreen({ ...base, welcomeRedirect: true, pathname: p })).toBe('app');
      expect(shellScreen({ ...base, welcomeRedirect: true, pathname: `/en${p}` })).toBe('app');
    }
    expect(shellScreen({ ...base, welcomeRedirect: true, pathname: '/faq-extra' })).toBe('welcome');
  });
});

describe('the guide remembers a visitor who read it', () => {
  it('reads back what it writes (the JSON lib/use-stored.ts stores)', () => {
    expect(parseGuideSeen(JSON.stringify({ v: 1, at: 1_780_000_000_000 }))).toEqual({ v: 1, at: 1_780_000_000_000 });
  });

  it.each(['', 'yes', '{', 'null', '[]', '42', '{"v":2,"at":5}', '{"v":1}', '{"v":1,"at":"5"}', '{"v":1,"at":-1}', '{"v":1,"at":1.5}'])('discards %j', (raw) => {
    expect(parseGuideSeen(raw)).toBeNull();
  });
});

describe('layouts', () => {
  it('the refill layout is focused (no live drops), the main page is not', () => {
    expect(isFocused([{ handle: undefined }, { handle: { layout: 'refill', focused: true } }, { handle: null }])).toBe(true);
    expect(isFocused([{ handle: { layout: 'main-page' } }, {}])).toBe(false);
  });
});

describe('the shell texts', () => {
  it('Russian and English have the same keys under "shell"', () => {
    const leaves = (o: unknown, p = ''): string[] =>
      o !== null && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => leaves(v, p ? `${p}.${k}` : k)) : [p];
    expect(leaves(enShell).sort()).toEqual(leaves(ruShell).sort());
    expect(Object.keys(ruShell)).toEqual(['shell']);
    const values = (o: unknown): string[] => (o !== null && typeof o === 'object' ? Object.values(o).flatMap(values) : [String(o)]);
    for (const text of [...values(ruShell), ...values(enShell)]) {
      expect(text).toMatch(/\S{2}/);
      expect(text).not.toMatch(/TODO|lorem/i);
    }
  });
});
