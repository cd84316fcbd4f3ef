import { describe, expect, it } from 'vitest';
import { parseConsent, parseScam, SCAM_REPEAT_MS, scamWarningDue } from '#app/lib/overlay-storage.ts';
import { SCAM_COOKIE, scamCookie, scamCookieValue, scamFromCookieHeader } from '#app/lib/scam-cookie.ts';

const HOUR = 3_600_000;

describe('the cookie consent kept in local storage', () => {
  it('is accepted only from the record the bar writes', () => {
    expect(parseConsent(JSON.stringify({ accepted: true, at: 1_700_000_000_000 }))).toEqual({ accepted: true, at: 1_700_000_000_000 });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{accepted: true'],
    ['a bare true', 'true'],
    ['a string', '"accepted"'],
    ['an array', '[true]'],
    ['null', 'null'],
    ['accepted as a string', JSON.stringify({ accepted: 'true', at: 1 })],
    ['accepted false', JSON.stringify({ accepted: false, at: 1 })],
    ['no time', JSON.stringify({ accepted: true })],
    ['a time that is text', JSON.stringify({ accepted: true, at: '1700000000000' })],
    ['a negative time', JSON.stringify({ accepted: true, at: -5 })],
  ])('discards %s: the bar shows again', (_what, raw) => {
    expect(parseConsent(raw)).toBeNull();
  });
});

describe('the scam warning kept in local storage', () => {
  it('reads the closing time and the "don\'t show again" flag', () => {
    expect(parseScam(JSON.stringify({ closedAt: 5 }))).toEqual({ closedAt: 5 });
    expect(parseScam(JSON.stringify({ closedAt: 5, never: true }))).toEqual({ closedAt: 5, never: true });
    expect(parseScam(JSON.stringify({ never: true }))).toEqual({ never: true });
  });

  it.each([
    ['not JSON', 'closed'],
    ['a number', '5'],
    ['an empty record', '{}'],
    ['a closing time that is text', JSON.stringify({ closedAt: '5' })],
    ['a closing time that is not finite', '{"closedAt": 1e999}'],
    ['"never" that is not true', JSON.stringify({ never: 'yes' })],
    ['"never" false beside a good time', JSON.stringify({ closedAt: 5, never: false })],
    ['a good time beside a bad flag', JSON.stringify({ closedAt: 5, never: 1 })],
  ])('discards %s: the warning shows', (_what, raw) => {
    const state = parseScam(raw);
    expect(state).toBeNull();
    expect(scamWarningDue(state, 10 * HOUR)).toBe(true);
  });

  it('comes back 24 hours after it was closed, not a moment before', () => {
    const closedAt = 1_000 * HOUR;
    expect(SCAM_REPEAT_MS).toBe(24 * HOUR);
    expect(scamWarningDue({ closedAt }, closedAt)).toBe(false);
    expect(scamWarningDue({ closedAt }, closedAt + 23 * HOUR)).toBe(false);
    expect(scamWarningDue({ closedAt }, closedAt + 24 * HOUR - 1)).toBe(false);
    expect(scamWarningDue({ closedAt }, closedAt + 24 * HOUR)).toBe(true);
    expect(scamWarningDue({ closedAt }, closedAt + 30 * 24 * HOUR)).toBe(true);
  });

  it('never comes back once "don\'t show again" was ticked, and shows to whoever has no record', () => {
    expect(scamWarningDue({ closedAt: 0, never: true }, 365 * 24 * HOUR)).toBe(false);
    expect(scamWarningDue({ never: true }, 0)).toBe(false);
    expect(scamWarningDue(null, 0)).toBe(true);
  });

  it('a closing time in the future (the clock moved back) keeps it closed rather than showing it', () => {
    expect(scamWarningDue({ closedAt: 50 * HOUR }, 10 * HOUR)).toBe(false);
  });
});

describe("the scam warning's cookie, for the server render (decision 090)", () => {
  it('mirrors the stored state: "never", the closing moment, or nothing', () => {
    expect(scamCookieValue({ never: true, closedAt: 5 })).toBe('never');
    expect(scamCookieValue({ closedAt: 1_700_000_000_123 })).toBe('1700000000123');
    expect(scamCookieValue(null)).toBeNull();
    expect(scamCookie('never', true)).toBe(`${SCAM_COOKIE}=never; Path=/; Max-Age=31536000; SameSite=Strict; Secure`);
    expect(scamCookie(null, false)).toBe(`${SCAM_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`);
  });

  it('is read back from a cookie header beside others; anything else counts as never closed', () => {
    expect(scamFromCookieHeader(`tastyToken=abc; ${SCAM_COOKIE}=never; viewport=sm`)).toEqual({ never: true });
    expect(scamFromCookieHeader(`${SCAM_COOKIE}=1700000000123`)).toEqual({ closedAt: 1_700_000_000_123 });
    for (const header of [null, '', 'tastyToken=abc', `${SCAM_COOKIE}=`, `${SCAM_COOKIE}=-5`, `${SCAM_COOKIE}=1e9`, `${SCAM_COOKIE}=true`, `x${SCAM_COOKIE}=never`]) {
      expect(scamFromCookieHeader(header), String(header)).toBeNull();
    }
  });

  it('owes the warning to the server render exactly when local storage would', () => {
    const now = 1_800_000_000_000;
    for (const state of [null, { never: true as const }, { closedAt: now - HOUR }, { closedAt: now - 25 * HOUR }]) {
      const header = `${SCAM_COOKIE}=${scamCookieValue(state) ?? ''}`;
      expect(scamWarningDue(scamFromCookieHeader(header), now), JSON.stringify(state)).toBe(scamWarningDue(state, now));
    }
  });
});
