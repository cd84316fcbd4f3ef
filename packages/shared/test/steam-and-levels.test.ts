import { describe, expect, it } from 'vitest';
import { checkSteamLogin, checkTradeUrl } from '../src/steam.ts';
import { expForLevel, levelFromExp } from '../src/levels.ts';
import { errorMessage, pickLang, isErrorCode } from '../src/errors.ts';

describe('Steam checks (spec §5)', () => {
  it('accepts a trade URL with numeric partner and a token', () => {
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new/?partner=123456&token=Ab_c-9')).toBeNull();
    expect(checkTradeUrl('')).toBe('steamUrlEmpty');
    expect(checkTradeUrl('https://steamcommunity.com/tradeoffer/new/?partner=12a&token=x')).toBe('steamUrlValidation');
    expect(checkTradeUrl('https://evil.example/tradeoffer/new/?partner=1&token=x')).toBe('steamUrlValidation');
  });
  it('checks Steam logins in the spec order', () => {
    expect(checkSteamLogin('')).toBe('steamLoginEmpty');
    expect(checkSteamLogin('a'.repeat(33))).toBe('steamLoginLength');
    expect(checkSteamLogin('ab')).toBe('steamLoginShort');
    expect(checkSteamLogin('abc-d')).toBe('steamLoginValid');
    expect(checkSteamLogin('1abc')).toBe('steamLoginLatinFirst');
    expect(checkSteamLogin('player_1')).toBeNull();
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
});

describe('error catalogue', () => {
  it('speaks Russian unless English is asked for', () => {
    expect(pickLang(undefined)).toBe('ru');
    expect(pickLang('en-US')).toBe('en');
    expect(errorMessage('balance_error', 'ru')).toMatch(/средств/);
    expect(errorMessage('balance_error', 'en')).toMatch(/balance/);
    expect(isErrorCode('fastOpen')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
