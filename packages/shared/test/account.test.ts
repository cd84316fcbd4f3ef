import { describe, expect, it } from 'vitest';

// Mutants of account.ts still alive, each equivalent:
// - `isSigninProvider` without its `typeof v === 'string'`: `includes` of a non-string is false anyway.
// - the nickname pattern's last group made required: a one-character nickname it would then refuse
//   is already below the 3-character minimum.
import {
  AVATAR_COLORS,
  channelRequirement,
  checkProfileField,
  COUNTRIES,
  emailProgress,
  EMAIL_MAX,
  generatedAvatarColor,
  isSigninProvider,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  providerName,
  MISSION_DONE,
  NAME_MAX,
  CITY_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  normalizeEmail,
  openCasesProgress,
  isSameOriginPath,
  RETURN_PATH_MAX,
  safeReturnPath,
  SUBSCRIPTION_CHANNELS,
} from '../src/account.ts';

describe('profile fields (spec §3 User)', () => {
  it('takes a nickname of 3 to 24 letters of any script, digits, inner spaces and _ . -', () => {
    for (const ok of ['abc', 'Lucky_Shot', 'Иван Грозный', 'a.b-c', '7th', 'x'.repeat(NICKNAME_MAX), '  spaced  ', '王小明', 'Ёж_2']) {
      expect(checkProfileField('nickname', ok), ok).toBeNull();
    }
    for (const bad of ['', '   ', 'a'.repeat(NICKNAME_MIN - 1), 'x'.repeat(NICKNAME_MAX + 1), 'no!pe', 'tab\there', 'a@b', '<script>', 'emoji😀x']) {
      expect(checkProfileField('nickname', bad), bad).toBe('profile_nickname');
    }
    // Length counts characters, not UTF-16 units.
    expect(checkProfileField('nickname', '𝐀'.repeat(NICKNAME_MAX))).toBeNull();
    expect(checkProfileField('nickname', '𝐀'.repeat(NICKNAME_MAX + 1))).toBe('profile_nickname');
  });

  it('takes names of letters joined by one space, hyphen or apostrophe, and an empty one to clear', () => {
    for (const field of ['first_name', 'last_name'] as const) {
      for (const ok of ['', '  ', 'Анна', "O'Neil", 'Jean-Luc', 'Mary Ann', 'O’Brien', 'x'.repeat(NAME_MAX)]) {
        expect(checkProfileField(field, ok), ok).toBeNull();
      }
      for (const bad of ['R2D2', 'x'.repeat(NAME_MAX + 1), 'Two  Spaces', '-lead', 'trail-', 'a_b', "a''b"]) {
        expect(checkProfileField(field, bad), bad).toBe('profile_name');
      }
    }
  });

  it('takes a city like a name, up to its own length', () => {
    for (const ok of ['', 'Нижний Новгород', 'Saint-Étienne', 'x'.repeat(CITY_MAX)]) expect(checkProfileField('city', ok), ok).toBeNull();
    for (const bad of ['Moscow 2', 'x'.repeat(CITY_MAX + 1), 'a..b']) expect(checkProfileField('city', bad), bad).toBe('profile_city');
  });

  it('refuses an address with anything after its domain', () => {
    expect(checkProfileField('email', 'ann@mail.ru x')).toBe('profile_email');
    expect(checkProfileField('email', 'ann@mail.ru,bob@mail.ru')).toBe('profile_email');
  });
  it('takes an address with one @ and a dotted domain, and an empty one to clear', () => {
    for (const ok of ['', 'a@b.co', ' Anna@Example.COM ', 'first.last+tag@mail.example.org']) expect(checkProfileField('email', ok), ok).toBeNull();
    const long = `${'a'.repeat(EMAIL_MAX - 6)}@b.com`;
    expect(long.length).toBe(EMAIL_MAX);
    expect(checkProfileField('email', long)).toBeNull();
    for (const bad of ['a@b', 'no-at.example.com', 'a@@b.com', 'a b@c.com', 'a@b..com', 'a@.b.com', `${'a'.repeat(EMAIL_MAX)}@b.com`]) {
      expect(checkProfileField('email', bad), bad).toBe('profile_email');
    }
  });

  it('takes a country from the list in any case, and an empty one to clear', () => {
    for (const ok of ['', 'RU', 'de', ' Us ']) expect(checkProfileField('country', ok), ok).toBeNull();
    for (const bad of ['XX', 'Russia', 'R', 'RUS']) expect(checkProfileField('country', bad), bad).toBe('profile_country');
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });

  it('compares e-mail addresses without case or surrounding spaces', () => {
    expect(normalizeEmail('  Anna@Example.COM ')).toBe('anna@example.com');
    expect(normalizeEmail('')).toBe('');
  });
});

describe('language (spec §4 Locale, §9)', () => {
  it('is Russian by default, with English beside it, remembered in the locale cookie for 365 days', () => {
    expect(DEFAULT_LANGUAGE).toBe('ru');
    expect(LANGUAGES.map((l) => l.iso)).toEqual(['ru', 'en']);
    expect(LOCALE_COOKIE).toBe('locale');
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(31_536_000);
  });
});

describe('sign-in providers and the generated avatar', () => {
  it('names each provider as players know it', () => {
    expect(['steam', 'google', 'vk'].map((p) => providerName(p as 'steam'))).toEqual(['Steam', 'Google', 'VK']);
  });

  it('knows the three providers and nothing else', () => {
    expect(['steam', 'google', 'vk'].every(isSigninProvider)).toBe(true);
    for (const other of ['quick', 'Steam', '', null, 1, undefined]) expect(isSigninProvider(other)).toBe(false);
  });

  it('picks a stable colour per player that differs between neighbours', () => {
    expect(generatedAvatarColor(1)).toBe(generatedAvatarColor(1 + AVATAR_COLORS.length));
    expect(generatedAvatarColor(1)).not.toBe(generatedAvatarColor(2));
    expect(generatedAvatarColor(0)).toBe(AVATAR_COLORS[0]);
    expect(generatedAvatarColor(-3)).toBe(AVATAR_COLORS[3]);
    for (let id = 0; id < 50; id++) expect(AVATAR_COLORS).toContain(generatedAvatarColor(id));
  });
});

describe('subscription channels (spec §3)', () => {
  const none = { emailConfirmed: false, providers: [] };
  it('needs a confirmed e-mail for e-mail, the linked account for Steam and VK, nothing for Telegram', () => {
    expect(SUBSCRIPTION_CHANNELS).toEqual(['email', 'steam', 'telegram', 'vk']);
    expect(channelRequirement('email', none)).toBe('email_not_confirmed');
    expect(channelRequirement('email', { ...none, emailConfirmed: true })).toBeNull();
    expect(channelRequirement('steam', none)).toBe('provider_not_linked');
    expect(channelRequirement('steam', { ...none, providers: ['vk', 'google'] })).toBe('provider_not_linked');
    expect(channelRequirement('steam', { ...none, providers: ['steam'] })).toBeNull();
    expect(channelRequirement('vk', { emailConfirmed: true, providers: ['steam'] })).toBe('provider_not_linked');
    expect(channelRequirement('vk', { ...none, providers: ['vk'] })).toBeNull();
    expect(channelRequirement('telegram', none)).toBeNull();
  });
});

describe('mission progress (spec §3)', () => {
  it('counts opened cases one step each, capped at done and never below nothing', () => {
    expect([0, 1, 2, 3, 4, 1000].map(openCasesProgress)).toEqual([0, 1, 2, 3, 3, 3]);
    expect(openCasesProgress(-5)).toBe(0);
    expect(openCasesProgress(2.9)).toBe(2);
    expect(openCasesProgress(MISSION_DONE)).toBe(MISSION_DONE);
  });

  it('reads the e-mail as nothing, a link sent, or confirmed', () => {
    expect(emailProgress({ confirmed: false, sent: false })).toBe(0);
    expect(emailProgress({ confirmed: false, sent: true })).toBe(1);
    expect(emailProgress({ confirmed: true, sent: true })).toBe(MISSION_DONE);
    // Confirmed counts even when no letter of ours is known (an address confirmed before).
    expect(emailProgress({ confirmed: true, sent: false })).toBe(MISSION_DONE);
  });
});

describe('the page a sign-in returns to', () => {
  // Where a browser would go from a Location header on the store's origin.
  const ORIGIN = 'https://store.example';
  const landsOn = (location: string) => new URL(location, ORIGIN);

  it('keeps a path of this site', () => {
    for (const ok of ['/', '/profile/settings', '/en/open/cheap?x=1#top', `/${'a'.repeat(RETURN_PATH_MAX - 1)}`, '/leaderboard?type=weekly&page=2', '/a//b', '/@evil.example']) {
      expect(safeReturnPath(ok), ok).toBe(ok);
    }
  });

  it('normalises dot segments first, and keeps the page they name when it stays on this site', () => {
    const cases: [string, string][] = [
      ['/a/../b', '/b'],
      ['/./profile', '/profile'],
      ['/%2e/profile', '/profile'],
      ['/a/%2E%2E/profile?x=1', '/profile?x=1'],
      ['/../../profile', '/profile'],
      ['/кейсы?q=нож', '/%D0%BA%D0%B5%D0%B9%D1%81%D1%8B?q=%D0%BD%D0%BE%D0%B6'],
      ['/a b', '/a%20b'],
    ];
    for (const [raw, path] of cases) expect(safeReturnPath(raw), raw).toBe(path);
  });

  it('sends anything else home: other hosts, schemes, control characters, long or empty values', () => {
    for (const bad of [null, undefined, '', 'profile', 'https://evil.example/', '//evil.example', '/\\evil.example', '/a\\b', '/a\nb', '/a\u0000', '/a\u007f', `/${'a'.repeat(RETURN_PATH_MAX)}`, 'javascript:alert(1)', ' /profile', '\\/evil.example']) {
      expect(safeReturnPath(bad), String(bad)).toBe('/');
    }
  });

  it('sends home a path that only becomes another host once normalised', () => {
    const sneaky = [
      '/.//evil.example/x',
      '/%2e//evil.example',
      '/%2E//evil.example',
      '/a/..//evil.example',
      '/a/%2e%2e//evil.example/x?y=1',
      '/..//evil.example',
      '/./%2e/.//evil.example',
      '/a/b/../..//evil.example',
      '/.\t//evil.example',
      '/./\\evil.example',
    ];
    for (const raw of sneaky) {
      const path = safeReturnPath(raw);
      expect(path, raw).toBe('/');
    }
  });

  it('whatever it is given, answers a path a browser resolves on this origin', () => {
    const pieces = ['/', '.', '..', '%2e', '%2E', '\\', 'evil.example', '@', ':', '?', '#', '%2f', 'a', '\t'];
    // Every sequence of four pieces: the slashes, dots and encodings an attacker mixes.
    const inputs: string[] = [''];
    for (let n = 0; n < 4; n++) for (const s of inputs.splice(0)) for (const p of pieces) inputs.push(s + p);
    const wrong: string[] = [];
    for (const raw of inputs.concat(inputs.map((i) => `/${i}`))) {
      const path = safeReturnPath(raw);
      // Already in the form a URL parser gives back, so a redirect rebuilt from it stays the same
      // path; and idempotent, so what a flow stored reads the same later.
      const at = landsOn(path);
      const rebuilt = `${at.pathname}${at.search}${at.hash}`;
      if (!isSameOriginPath(path) || at.origin !== ORIGIN || rebuilt !== path || safeReturnPath(path) !== path) wrong.push(`${JSON.stringify(raw)} -> ${path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('tells a same-origin Location from one a browser reads as another host', () => {
    for (const ok of ['/', '/a', '/a//b', '/a?x=//y']) expect(isSameOriginPath(ok), ok).toBe(true);
    for (const bad of ['', 'a', '//a', '/\\a', 'https://a', '/a\\b', '/a\rb']) expect(isSameOriginPath(bad), bad).toBe(false);
  });
});
