import { describe, expect, it } from 'vitest';
import { checkSteamLogin, checkTradeUrl } from '../src/steam.ts';
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
