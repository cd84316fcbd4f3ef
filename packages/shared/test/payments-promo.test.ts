import { describe, expect, it } from 'vitest';
import {
  PROMO_LOOKUP_WINDOW_MS,
  PromoLookup,
  bloggerPercent,
  checkPromo,
  flexOfferFor,
  guestPromoInfo,
  normalizePromoCode,
  promoInfo,
  type PromoRecord,
} from '../src/payments/promo.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const base: PromoRecord = {
  code: 'SPRING',
  terms: { kind: 'common', percent: 10, img: '/p.png' },
  startsAt: null,
  expiresAt: null,
  totalLimit: 0,
  perUserLimit: 0,
};
const blogger: PromoRecord = {
  ...base,
  code: 'BLOGGER',
  terms: {
    kind: 'blogger',
    img: '/b.png',
    flexOffers: [
      { case: { img: '/c1.png', name: 'One', price: 10 }, tcoinFactor: 3, priceFrom: 300, moneyFactor: 105 },
      { case: { img: '/c2.png', name: 'Two', price: 50 }, tcoinFactor: 7, priceFrom: 1000, moneyFactor: 120 },
      { case: { img: '/c0.png', name: 'Zero', price: 1 }, tcoinFactor: 1, priceFrom: 100, moneyFactor: 102.5 },
    ],
  },
};

describe('promo codes are trimmed and upper-cased; empty is ignored (spec §5)', () => {
  it('normalises', () => {
    expect(normalizePromoCode('  spring2026 ')).toBe('SPRING2026');
    expect(normalizePromoCode('Blogger_x')).toBe('BLOGGER_X');
    expect(normalizePromoCode('   ')).toBeNull();
    expect(normalizePromoCode('')).toBeNull();
    expect(normalizePromoCode(null)).toBeNull();
    expect(normalizePromoCode('a'.repeat(65))).toBeNull();
    expect(normalizePromoCode('a'.repeat(64))).toBe('A'.repeat(64));
  });
});

describe('checkPromo', () => {
  const check = (promo: PromoRecord | null, totalUses = 0, userUses = 0, now = NOW) => checkPromo({ promo, now, totalUses, userUses });
  it('refuses unknown, not started, expired, exhausted and per-player-used codes', () => {
    expect(check(null)).toBe('promo_not_found');
    expect(check({ ...base, startsAt: NOW + 1 })).toBe('promo_not_found');
    expect(check({ ...base, startsAt: NOW })).toBeNull();
    expect(check({ ...base, expiresAt: NOW })).toBe('promo_expired');
    expect(check({ ...base, expiresAt: NOW + 1 })).toBeNull();
    expect(check({ ...base, totalLimit: 100 }, 99)).toBeNull();
    expect(check({ ...base, totalLimit: 100 }, 100)).toBe('promo_exhausted');
    expect(check({ ...base, perUserLimit: 1 }, 5, 0)).toBeNull();
    expect(check({ ...base, perUserLimit: 1 }, 5, 1)).toBe('promo_user_limit');
    // 0 means unlimited
    expect(check({ ...base, totalLimit: 0, perUserLimit: 0 }, 1e9, 1e9)).toBeNull();
  });
  it('reports expiry before limits', () => {
    expect(check({ ...base, expiresAt: NOW - 1, totalLimit: 1, perUserLimit: 1 }, 1, 1)).toBe('promo_expired');
    expect(check({ ...base, totalLimit: 1, perUserLimit: 1 }, 1, 1)).toBe('promo_exhausted');
  });
});

describe('promo arithmetic', () => {
  it('blogger percent = moneyFactor − 100 (spec §9)', () => {
    expect(bloggerPercent(115)).toBe(15);
    expect(bloggerPercent(100)).toBe(0);
    expect(bloggerPercent(112.3)).toBe(12.3); // 112.3 - 100 = 12.299999999999997 in floats
    expect(bloggerPercent(100.1)).toBe(0.1);
  });
  it('picks the flex offer the deposit reaches', () => {
    const offers = blogger.terms.kind === 'blogger' ? blogger.terms.flexOffers : [];
    expect(flexOfferFor(offers, 9_999)).toBeNull();
    expect(flexOfferFor(offers, 10_000)?.case.name).toBe('Zero');
    expect(flexOfferFor(offers, 29_999)?.case.name).toBe('Zero');
    expect(flexOfferFor(offers, 30_000)?.case.name).toBe('One');
    expect(flexOfferFor(offers, 1_000_000)?.case.name).toBe('Two');
    // Two offers from the same sum: the first listed counts.
    const one = offers.find((o) => o.case.name === 'One')!;
    const twins = [one, { ...one, case: { ...one.case, name: 'Twin' } }];
    expect(flexOfferFor(twins, 1_000_000)?.case.name).toBe('One');
  });
  it('shows common percent, instant sum and the best blogger percent', () => {
    expect(promoInfo(base)).toEqual({ code: 'SPRING', type: 'common', percent: 10, sumMinor: 0, img: '/p.png', flexOffers: [] });
    expect(promoInfo({ ...base, terms: { kind: 'instant', sumMinor: 2500 } })).toMatchObject({ type: 'instant', percent: 0, sumMinor: 2500, img: null });
    expect(promoInfo(blogger)).toMatchObject({ type: 'blogger', percent: 20 });
    // A case code gives a free opening: no percent, no sum, no picture of its own.
    expect(promoInfo({ ...base, terms: { kind: 'case', caseSlug: 'budget-box', days: 7 } })).toEqual({
      code: 'SPRING',
      type: 'case',
      percent: 0,
      sumMinor: 0,
      img: null,
      flexOffers: [],
    });
    expect(promoInfo(blogger).img).toBe('/b.png');
    expect(guestPromoInfo(blogger)).toEqual({
      type: 'blogger',
      percent: 20,
      flexOffers: [{ moneyFactor: 105 }, { moneyFactor: 120 }, { moneyFactor: 102.5 }],
    });
    // nothing else leaks to guests
    expect(Object.keys(guestPromoInfo(blogger)).sort()).toEqual(['flexOffers', 'percent', 'type']);
  });
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PromoLookup: 5 s window and shared concurrent lookups (spec §5)', () => {
  const setup = () => {
    let now = 1_000_000;
    const calls: string[] = [];
    const pending: ReturnType<typeof deferred<string>>[] = [];
    const lookup = new PromoLookup<string>({
      now: () => now,
      fetch: (code) => {
        calls.push(code);
        const d = deferred<string>();
        pending.push(d);
        return d.promise;
      },
    });
    return { lookup, calls, pending, tick: (ms: number) => (now += ms) };
  };

  it('ignores an empty code without asking', async () => {
    const { lookup, calls } = setup();
    expect(await lookup.lookup('  ')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shares one request among concurrent lookups of the same (normalised) code', async () => {
    const { lookup, calls, pending } = setup();
    const a = lookup.lookup('spring');
    const b = lookup.lookup(' SPRING ');
    const c = lookup.lookup('Spring');
    await Promise.resolve();
    expect(calls).toEqual(['SPRING']);
    pending[0]!.resolve('info-1');
    expect(await Promise.all([a, b, c])).toEqual(['info-1', 'info-1', 'info-1']);
  });

  it('returns the last info within 5 s and asks again after', async () => {
    const { lookup, calls, pending, tick } = setup();
    const first = lookup.lookup('spring');
    await Promise.resolve();
    pending[0]!.resolve('info-1');
    expect(await first).toBe('info-1');

    tick(PROMO_LOOKUP_WINDOW_MS - 1);
    expect(await lookup.lookup('SPRING')).toBe('info-1');
    expect(calls).toHaveLength(1);

    tick(1); // exactly 5000 ms after the answer
    const again = lookup.lookup('spring');
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    pending[1]!.resolve('info-2');
    expect(await again).toBe('info-2');
  });

  it('asks for a different code, and a different code replaces the remembered one', async () => {
    const { lookup, calls, pending } = setup();
    const a = lookup.lookup('one');
    await Promise.resolve();
    pending[0]!.resolve('info-one');
    await a;
    const b = lookup.lookup('two');
    await Promise.resolve();
    pending[1]!.resolve('info-two');
    await b;
    const c = lookup.lookup('one');
    await Promise.resolve();
    expect(calls).toEqual(['ONE', 'TWO', 'ONE']);
    pending[2]!.resolve('info-one-again');
    expect(await c).toBe('info-one-again');
  });

  it('does not remember a failure: concurrent callers share it, the next lookup asks again', async () => {
    const { lookup, calls, pending } = setup();
    const a = lookup.lookup('spring');
    const b = lookup.lookup('spring');
    await Promise.resolve();
    pending[0]!.reject(new Error('network'));
    await expect(a).rejects.toThrow('network');
    await expect(b).rejects.toThrow('network');
    const c = lookup.lookup('spring');
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    pending[1]!.resolve('ok');
    expect(await c).toBe('ok');
  });

  it('clears a fetch that throws at once and forgets on clear()', async () => {
    let n = 0;
    const lookup = new PromoLookup<number>({
      now: () => 0,
      fetch: () => {
        n++;
        if (n === 1) throw new Error('sync');
        return Promise.resolve(n);
      },
    });
    await expect(lookup.lookup('x')).rejects.toThrow('sync');
    expect(await lookup.lookup('x')).toBe(2);
    expect(await lookup.lookup('x')).toBe(2);
    lookup.clear();
    expect(await lookup.lookup('x')).toBe(3);
  });

  it('remembers a code for the window by the real clock when none is given', async () => {
    let n = 0;
    const lookup = new PromoLookup<number>({ fetch: () => Promise.resolve(++n) });
    expect(await lookup.lookup('x')).toBe(1);
    expect(await lookup.lookup('x')).toBe(1);
    expect(n).toBe(1);
  });
});

// Mutant `npm run mutate` leaves alive, equivalent: payments/promo.ts line 70,
// `startsAt !== null` → `true`; `now < null` compares with 0, false for every clock after 1970.
