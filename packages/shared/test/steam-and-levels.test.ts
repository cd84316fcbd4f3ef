import { describe, expect, it } from 'vitest';
import { checkSteamLogin, checkTradeUrl } from '../src/steam.ts';
import { expForLevel, expForSpend, levelFromExp } from '../src/levels.ts';
import { errorMessage, interpolate, pickLang, isErrorCode } from '../src/errors.ts';

describe('Steam checks (spec §5)', () => {
  it('accepts a trade URL with numeric partner and a token', () => {
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new/?partner=123456&token=Ab_c-9')).toBeNull();
    expect(checkTradeUrl('')).toBe('steamUrlEmpty');
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new/?partner=12a&token=x')).toBe('steamUrlValidation');
    expect(checkTradeUrl('https://evil.example/tradeoffer/new/?partner=1&token=x')).toBe('steamUrlValidation');
  });
  it('takes a pasted trade URL with spaces around it or without the slash before ?', () => {
    expect(checkTradeUrl('  https://steamcommunity.com/tradeoffer/new/?partner=123456&token=Ab_c-9 \n')).toBeNull();
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new?partner=123456&token=Ab_c-9')).toBeNull();
    expect(checkTradeUrl(null)).toBe('steamUrlEmpty');
    expect(checkTradeUrl(undefined)).toBe('steamUrlEmpty');
    expect(checkTradeUrl('   ')).toBe('steamUrlEmpty');
  });
  it('refuses a trade URL with anything before or after it', () => {
    expect(checkTradeUrl('http://x.example/?https://steamcommunity.com/tradeoffer/new/?partner=1&token=x')).toBe('steamUrlValidation');
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new/?partner=1&token=x&redirect=evil')).toBe('steamUrlValidation');
  });
  it('checks Steam logins in the spec order', () => {
    expect(checkSteamLogin('')).toBe('steamLoginEmpty');
    expect(checkSteamLogin('a'.repeat(33))).toBe('steamLoginLength');
    expect(checkSteamLogin('ab')).toBe('steamLoginShort');
    expect(checkSteamLogin('abc-d')).toBe('steamLoginValid');
    expect(checkSteamLogin('1abc')).toBe('steamLoginLatinFirst');
    expect(checkSteamLogin('player_1')).toBeNull();
    expect(checkSteamLogin(null)).toBe('steamLoginEmpty');
  });
  it('accepts logins of 3 to 32 characters', () => {
    expect(checkSteamLogin('abc')).toBeNull();
    expect(checkSteamLogin('a'.repeat(32))).toBeNull();
  });
});

describe('levels', () => {
  it('is level 0 at no experience and climbs at the thresholds', () => {
    expect(levelFromExp(0)).toMatchObject({ level: 0, expToNextLevel: 100, percentToNextLevel: 0 });
    expect(levelFromExp(99).level).toBe(0);
    expect(levelFromExp(100).level).toBe(1);
    expect(levelFromExp(299).level).toBe(1);
    expect(levelFromExp(300).level).toBe(2);
    for (let l = 1; l < 200; l++) {
      expect(levelFromExp(expForLevel(l)).level).toBe(l);
      expect(levelFromExp(expForLevel(l) - 1).level).toBe(l - 1);
    }
    expect(levelFromExp(200).percentToNextLevel).toBe(50);
  });

  it('reports the progress bar of the profile page', () => {
    expect(levelFromExp(250)).toEqual({ level: 1, currentExp: 250, expPreviousLevel: 100, expToNextLevel: 50, percentToNextLevel: 75 });
    // Level 4 starts at 1000 and level 5 at 1500; a fraction of a point does not count.
    expect(levelFromExp(1234.9)).toEqual({ level: 4, currentExp: 1234, expPreviousLevel: 1000, expToNextLevel: 266, percentToNextLevel: 46 });
    expect(levelFromExp(1499)).toEqual({ level: 4, currentExp: 1499, expPreviousLevel: 1000, expToNextLevel: 1, percentToNextLevel: 99 });
    expect(levelFromExp(-40)).toEqual({ level: 0, currentExp: 0, expPreviousLevel: 0, expToNextLevel: 100, percentToNextLevel: 0 });
  });

  it('finds the level just under a threshold where the square root rounds up', () => {
    // 50·L·(L+1) for L = 8389337, minus one: the closed form says 8389337 in floating point.
    const exp = 3_519_049_184_445_299;
    const threshold = (l: bigint) => 50n * l * (l + 1n);
    expect(threshold(8_389_336n) <= BigInt(exp) && BigInt(exp) < threshold(8_389_337n)).toBe(true);
    expect(levelFromExp(exp).level).toBe(8_389_336);
    expect(levelFromExp(exp + 1).level).toBe(8_389_337);
  });

  it('needs no experience for level 0 or below', () => {
    expect(expForLevel(0)).toBe(0);
    expect(expForLevel(-2)).toBe(0);
    expect(expForLevel(3)).toBe(600);
  });

  it('earns one point per whole GOLD spent', () => {
    expect(expForSpend(0)).toBe(0);
    expect(expForSpend(99)).toBe(0);
    expect(expForSpend(100)).toBe(1);
    expect(expForSpend(199)).toBe(1);
    expect(expForSpend(12_345)).toBe(123);
  });
});

describe('error catalogue', () => {
  it('speaks Russian unless English is asked for', () => {
    expect(pickLang(undefined)).toBe('ru');
    expect(pickLang('en-US')).toBe('en');
    expect(errorMessage('balance_error', 'ru')).toMatch(/средств/);
    expect(errorMessage('balance_error', 'en')).toMatch(/balance/);
    expect(isErrorCode('fastOpen')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(pickLang('ru-RU')).toBe('ru');
    expect(pickLang('EN')).toBe('en');
    expect(pickLang('de')).toBe('ru');
  });
  it('takes only strings for codes, not values that merely print as one', () => {
    // A JSON body could carry ["fastOpen"]; as a property key it would read as "fastOpen".
    expect(isErrorCode(['fastOpen'])).toBe(false);
    expect(isErrorCode({ toString: () => 'fastOpen' })).toBe(false);
  });
  it('fills named placeholders and leaves unknown ones as they are', () => {
    expect(errorMessage('contract_items_count', 'en', { min: 3, max: 10 })).toBe('A contract takes 3 to 10 items');
    expect(interpolate('{min} to {max} of {unit}', { min: 0, max: 'ten' })).toBe('0 to ten of {unit}');
    expect(interpolate('{a} {b_c}', { a: 1, b_c: 2 })).toBe('1 2');
    expect(interpolate('nothing {}')).toBe('nothing {}');
  });
});

// Mutant `npm run mutate` leaves alive, equivalent: levels.ts line 5, `level <= 0` → `level < 0`;
// at level 0 the formula gives 50 · 0 · 1 = 0, the same as the guard.
