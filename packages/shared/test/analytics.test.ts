import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_SESSION_TIMEOUT_MS,
  backoffSchedule,
  campaignOf,
  enqueueCapped,
  EXPOSURE_QUEUE_CAP,
  EXPERIMENTS_FETCH_TIMEOUT_MS,
  minSumChangedOf,
  pageViewOf,
  playerSubject,
  pollIntervalMs,
  referrerOf,
  touchSession,
} from '../src/analytics.ts';
import { isRoutePattern, percentileCont, routePatternOf } from '../src/web-vitals.ts';
import { analyticsHit, exposuresBody, webVitalProps } from '../src/api/analytics.ts';
import { COUNTRY_CONFIGS, methodMin } from '../src/payments/countries.ts';

describe('the analytics session (spec §4, decision 051)', () => {
  const ids = () => {
    let n = 0;
    return () => `session-${++n}`;
  };

  it('lasts while the player is active within 30 minutes and renews after', () => {
    expect(ANALYTICS_SESSION_TIMEOUT_MS).toBe(1_800_000);
    const newId = ids();
    const first = touchSession(null, 1_000, newId);
    expect(first).toEqual({ id: 'session-1', lastAt: 1_000 });
    // Each hit keeps it alive: 29 minutes after the last hit, and again 29 after that.
    const kept = touchSession(first, 1_000 + 29 * 60_000, newId);
    const keptAgain = touchSession(kept, 1_000 + 58 * 60_000, newId);
    expect(keptAgain.id).toBe('session-1');
    // Exactly the timeout after the last hit: a new session.
    expect(touchSession(keptAgain, keptAgain.lastAt + ANALYTICS_SESSION_TIMEOUT_MS - 1, newId).id).toBe('session-1');
    expect(touchSession(keptAgain, keptAgain.lastAt + ANALYTICS_SESSION_TIMEOUT_MS, newId)).toEqual({ id: 'session-2', lastAt: keptAgain.lastAt + 1_800_000 });
  });

  it('starts a new session when the stored one is from the future (a clock moved back)', () => {
    expect(touchSession({ id: 'old', lastAt: 10_000 }, 5_000, () => 'new').id).toBe('new');
  });
});

describe('a page view (spec §7)', () => {
  it('says Direct when there is no referrer, and the address otherwise', () => {
    expect([referrerOf(''), referrerOf(null), referrerOf(undefined), referrerOf('  ')]).toEqual(['Direct', 'Direct', 'Direct', 'Direct']);
    expect(referrerOf('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(referrerOf(`https://x.io/${'a'.repeat(5000)}`)).toHaveLength(2000);
  });

  it('carries the five utm_* parameters of the address, empty ones and others left out', () => {
    expect(campaignOf('?utm_source=vk&utm_medium=cpc&utm_campaign=spring&utm_term=skins&utm_content=banner&fbclid=x&utm_other=y')).toEqual({
      utm_source: 'vk',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'skins',
      utm_content: 'banner',
    });
    expect(campaignOf('?utm_source=&utm_medium=%20&page=2')).toEqual({});
    expect(campaignOf('')).toEqual({});
  });

  it('is built from the path, the referrer and the campaign, and passes the protocol schema', () => {
    const view = pageViewOf({ pathname: '/en/cases/ak', search: '?utm_source=tg&x=1', referrer: '', sessionId: 'abcdef123456', at: 42 });
    expect(view).toEqual({ type: 'page_view', session_id: 'abcdef123456', path: '/en/cases/ak', referrer: 'Direct', campaign: { utm_source: 'tg' }, at: 42 });
    expect(analyticsHit.safeParse(view).success).toBe(true);
  });

  it('is refused by the protocol when hostile or malformed', () => {
    const view = pageViewOf({ pathname: '/', search: '', referrer: null, sessionId: 'abcdef123456', at: 1 });
    for (const bad of [
      { ...view, path: 'https://evil.example/' },
      { ...view, session_id: 'short' },
      { ...view, session_id: '<script>alert(1)</script>' },
      { ...view, campaign: { utm_evil: 'x' } },
      { ...view, extra: true },
      { ...view, type: 'purchase' },
      { type: 'event', session_id: 'abcdef123456', name: 'Withdraw Failed', path: '/', props: {}, at: 1 },
      { type: 'event', session_id: 'abcdef123456', name: 'withdraw_failed', path: '/', props: { nested: { a: 1 } }, at: 1 },
    ])
      expect(analyticsHit.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('the experiments client rules (spec §9)', () => {
  it('times a flags fetch out after 10 s', () => {
    expect(EXPERIMENTS_FETCH_TIMEOUT_MS).toBe(10_000);
  });

  it('polls every 5 minutes, never more often than a minute', () => {
    expect(pollIntervalMs()).toBe(300_000);
    expect(pollIntervalMs(null)).toBe(300_000);
    expect(pollIntervalMs(NaN)).toBe(300_000);
    expect(pollIntervalMs(120_000)).toBe(120_000);
    expect(pollIntervalMs(60_000)).toBe(60_000);
    expect(pollIntervalMs(59_999)).toBe(60_000);
    expect(pollIntervalMs(1)).toBe(60_000);
  });

  it('retries 8 times, from 500 ms growing by 1.5, never past 10 s', () => {
    expect(backoffSchedule()).toEqual([500, 750, 1125, 1688, 2531, 3797, 5695, 8543]);
    // The cap holds where a longer run would pass it.
    expect(backoffSchedule({ attempts: 10, firstMs: 500, maxMs: 10_000, factor: 1.5 }).slice(-2)).toEqual([10_000, 10_000]);
  });

  it('keeps at most 512 unsent exposures, dropping the oldest', () => {
    expect(EXPOSURE_QUEUE_CAP).toBe(512);
    let queue: number[] = [];
    for (let i = 1; i <= 600; i++) queue = enqueueCapped(queue, i);
    expect(queue).toHaveLength(512);
    expect(queue[0]).toBe(89);
    expect(queue.at(-1)).toBe(600);
    expect(enqueueCapped([1, 2], 3, 2)).toEqual([2, 3]);
    // The protocol takes one full queue in a send, and no more.
    const one = { subject: playerSubject(7), experiment: 'change-min-sum', variant: 'true', at: 1 };
    expect(exposuresBody.safeParse({ exposures: Array(512).fill(one) }).success).toBe(true);
    expect(exposuresBody.safeParse({ exposures: Array(513).fill(one) }).success).toBe(false);
  });
});

describe('change-min-sum (spec §7)', () => {
  it("reads the variant 'false' as the minimum changed, any other as not, none as unknown", () => {
    expect(minSumChangedOf('false')).toBe(true);
    expect(minSumChangedOf('true')).toBe(false);
    expect(minSumChangedOf('control')).toBe(false);
    expect(minSumChangedOf(undefined)).toBeUndefined();
    expect(minSumChangedOf(null)).toBeUndefined();
  });

  it('moves the SBP minimum between the current 100 and the former 50', () => {
    const sbp = COUNTRY_CONFIGS.RU!.methods.find((m) => m.payMethod === 'sbp')!;
    expect(methodMin(sbp, { minSumChanged: minSumChangedOf('false') })).toBe(100);
    expect(methodMin(sbp, { minSumChanged: minSumChangedOf('true') })).toBe(50);
    expect(methodMin(sbp, { minSumChanged: minSumChangedOf(undefined) })).toBe(100);
  });

  it('names a player to the service the same way on both sides', () => {
    expect(playerSubject(42)).toBe('user:00000042');
  });
});

describe("real players' page figures (decision 066)", () => {
  it('takes the 75th percentile as percentile_cont does, interpolating between neighbours', () => {
    expect(percentileCont([], 0.75)).toBeNull();
    expect(percentileCont([420], 0.75)).toBe(420);
    expect(percentileCont([4, 1, 3, 2], 0.75)).toBe(3.25);
    expect(percentileCont([100, 200, 300, 400, 500], 0.75)).toBe(400);
    expect(percentileCont([0.01, 0.2], 0.75)).toBeCloseTo(0.1525, 10);
    expect(percentileCont([5, 1], 0)).toBe(1);
    expect(percentileCont([5, 1], 1)).toBe(5);
  });

  it("names a page by its route's pattern, in any language, never by the address", () => {
    expect(routePatternOf('/', {})).toBe('/');
    expect(routePatternOf('/en', {})).toBe('/');
    expect(routePatternOf('/upgrades', {})).toBe('/upgrades');
    expect(routePatternOf('/en/open/dragon', { caseName: 'dragon' })).toBe('/open/:caseName');
    expect(routePatternOf('/ru/open/%D0%B3%D1%80%D1%91%D0%B7%D1%8B', { caseName: 'грёзы' })).toBe('/open/:caseName');
    expect(routePatternOf('/battles/77', { battleId: '77' })).toBe('/battles/:battleId');
    // A value that is also a fixed word: only the segment that holds it is named.
    expect(routePatternOf('/open/open', { caseName: 'open' })).toBe('/open/:caseName');
    expect(routePatternOf('/admin/players/12', { playerId: '12' })).toBe('/admin/players/:playerId');
    expect(routePatternOf('/en/no/such/page', { '*': 'no/such/page' })).toBe('/*');
  });

  it('keeps a beacon\'s page only when it reads as a route pattern', () => {
    for (const page of ['/', '/upgrades', '/open/:caseName', '/admin/players/:playerId', '/*', '/provably-fair/case-history/:caseId']) expect(isRoutePattern(page), page).toBe(true);
    for (const page of ['', 'open', '/open/x?a=1', '/%3Cscript%3E', '/Open', '//', '/open/', `/${'a'.repeat(100)}`]) expect(isRoutePattern(page), page).toBe(false);
  });

  it('takes a metric and its value and nothing else', () => {
    expect(webVitalProps.safeParse({ metric: 'LCP', value: 1234.5 }).success).toBe(true);
    expect(webVitalProps.safeParse({ metric: 'CLS', value: 0.02 }).success).toBe(true);
    for (const bad of [{ metric: 'FID', value: 10 }, { metric: 'LCP', value: -1 }, { metric: 'LCP', value: 1, url: '/x' }, { metric: 'INP' }])
      expect(webVitalProps.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
