/**
 * Promo codes (spec §3 promo kinds, §5 lookup rules, §9 blogger percent).
 *
 * - common: a percent bonus on the next deposit;
 * - instant: a sum in the site currency credited when the code is applied;
 * - blogger: flex offers, each from a deposit size (`priceFrom`) up: a case, a tasty-coin factor
 *   and a money factor (percent = moneyFactor − 100);
 * - case: a free opening of a case, given when the code is applied (decision 015).
 *
 * A code is applied to a player (POST /promo/apply) and stays on the player until a deposit
 * uses it or the player resets it; instant codes are used up at once.
 */

export const PROMO_KINDS = ['common', 'instant', 'blogger', 'case'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export interface FlexOffer {
  case: { img: string; name: string; price: number };
  /** Tasty coins per 100 units deposited: coins = floor(value × tcoinFactor / 100). */
  tcoinFactor: number;
  /** The smallest deposit, in site-currency units, this offer applies from. */
  priceFrom: number;
  /** 100 + the bonus percent, e.g. 115 for +15 %. */
  moneyFactor: number;
}

export type PromoTerms =
  | { kind: 'common'; percent: number; img: string | null }
  | { kind: 'instant'; /** Site-currency minor units credited on apply. */ sumMinor: number }
  | { kind: 'blogger'; img: string | null; flexOffers: FlexOffer[] }
  | { kind: 'case'; /** The case opened free. */ caseSlug: string; /** Days the free opening lasts. */ days: number };

export interface PromoRecord {
  code: string;
  terms: PromoTerms;
  /** Epoch milliseconds; null means always / never. */
  startsAt: number | null;
  expiresAt: number | null;
  /** Uses over all players; 0 means unlimited (the store's convention for limits, spec §9). */
  totalLimit: number;
  /** Uses per player; 0 means unlimited. */
  perUserLimit: number;
  /** Switched off by an operator: refused like an expired code until switched on again. */
  disabled?: boolean;
}

export const PROMO_ERRORS = ['promo_not_found', 'promo_expired', 'promo_exhausted', 'promo_user_limit'] as const;
export type PromoError = (typeof PROMO_ERRORS)[number];

/** Longest code accepted; anything longer is not a code and is not looked up. */
export const PROMO_CODE_MAX_LENGTH = 64;

/** Trims and upper-cases a code (spec §5); null for an empty or over-long one, which is ignored. */
export function normalizePromoCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return code && code.length <= PROMO_CODE_MAX_LENGTH ? code : null;
}

/**
 * Why a code cannot be used now, or null when it can. Checked on lookup, on apply, and again
 * when a deposit is credited (the limits may have filled in between).
 */
export function checkPromo(input: {
  promo: PromoRecord | null | undefined;
  now: number;
  /** Uses over all players so far. */
  totalUses: number;
  /** Uses by this player so far; 0 for a guest lookup. */
  userUses: number;
}): PromoError | null {
  const { promo, now, totalUses, userUses } = input;
  if (!promo) return 'promo_not_found';
  if (promo.disabled) return 'promo_expired';
  // A code that has not started yet is not announced: it looks the same as an unknown one.
  if (promo.startsAt !== null && now < promo.startsAt) return 'promo_not_found';
  if (promo.expiresAt !== null && now >= promo.expiresAt) return 'promo_expired';
  if (promo.totalLimit > 0 && totalUses >= promo.totalLimit) return 'promo_exhausted';
  if (promo.perUserLimit > 0 && userUses >= promo.perUserLimit) return 'promo_user_limit';
  return null;
}

/** Percent in hundredths (basis points) from a percent value, without float drift (7.1 → 710). */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/** Blogger percent = moneyFactor − 100 (spec §9), computed in hundredths so 112.3 gives 12.3. */
export const bloggerPercent = (moneyFactor: number): number => (Math.round(moneyFactor * 100) - 10_000) / 100;

/**
 * The flex offer a deposit gets: the one with the highest `priceFrom` not above the deposit.
 * `depositMinor` is in site-currency minor units.
 */
export function flexOfferFor(offers: readonly FlexOffer[], depositMinor: number): FlexOffer | null {
  let best: FlexOffer | null = null;
  for (const o of offers) {
    if (Math.round(o.priceFrom * 100) <= depositMinor && (!best || o.priceFrom > best.priceFrom)) best = o;
  }
  return best;
}

/**
 * The next flex offer up from a deposit: the lowest `priceFrom` above it, so the refill form can
 * say what a larger sum would get ("+20 % from 1 000"). Null when the deposit already has the best.
 */
export function nextFlexOffer(offers: readonly FlexOffer[], depositMinor: number): FlexOffer | null {
  let next: FlexOffer | null = null;
  for (const o of offers) {
    if (Math.round(o.priceFrom * 100) > depositMinor && (!next || o.priceFrom < next.priceFrom)) next = o;
  }
  return next;
}

/**
 * The percent shown for a code before the amount is known: a common code's percent, 0 for an
 * instant code, and for a blogger code the best offer's percent ("up to").
 */
export function promoPercent(terms: PromoTerms): number {
  switch (terms.kind) {
    case 'common':
      return terms.percent;
    case 'instant':
    case 'case':
      return 0;
    case 'blogger':
      return terms.flexOffers.reduce((max, o) => Math.max(max, bloggerPercent(o.moneyFactor)), 0);
  }
}

/** Promo info for a player (spec §3): type, percent, sum, image and the flex offers. */
export interface PromoInfo {
  code: string;
  type: PromoKind;
  percent: number;
  /** Site-currency minor units for an instant code, else 0. */
  sumMinor: number;
  img: string | null;
  flexOffers: FlexOffer[];
}

export function promoInfo(promo: PromoRecord): PromoInfo {
  const t = promo.terms;
  return {
    code: promo.code,
    type: t.kind,
    percent: promoPercent(t),
    sumMinor: t.kind === 'instant' ? t.sumMinor : 0,
    img: t.kind === 'common' || t.kind === 'blogger' ? t.img : null,
    flexOffers: t.kind === 'blogger' ? t.flexOffers : [],
  };
}

/** What a guest may see (spec §7): type, percent and each flex offer's money factor only. */
export function guestPromoInfo(promo: PromoRecord): { type: PromoKind; percent: number; flexOffers: { moneyFactor: number }[] } {
  const info = promoInfo(promo);
  return { type: info.type, percent: info.percent, flexOffers: info.flexOffers.map((o) => ({ moneyFactor: o.moneyFactor })) };
}

/** The spec's dedupe window for promo lookups (§9). */
export const PROMO_LOOKUP_WINDOW_MS = 5000;

/**
 * The client-side promo lookup of spec §5: codes are normalised and an empty one is ignored;
 * a repeat lookup of the same code within 5 s returns the last info; concurrent lookups of the
 * same code share one request. A failed lookup is not remembered, so the next one asks again.
 */
export class PromoLookup<T> {
  private readonly fetchInfo: (code: string) => Promise<T>;
  private readonly now: () => number;
  private readonly windowMs: number;
  private last: { code: string; at: number; info: T } | null = null;
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(opts: { fetch: (code: string) => Promise<T>; now?: () => number; windowMs?: number }) {
    this.fetchInfo = opts.fetch;
    this.now = opts.now ?? (() => Date.now());
    this.windowMs = opts.windowMs ?? PROMO_LOOKUP_WINDOW_MS;
  }

  /** Null for an empty code, without asking. */
  lookup(raw: string | null | undefined): Promise<T | null> {
    const code = normalizePromoCode(raw);
    if (!code) return Promise.resolve(null);
    if (this.last && this.last.code === code && this.now() - this.last.at < this.windowMs) {
      return Promise.resolve(this.last.info);
    }
    const pending = this.inFlight.get(code);
    if (pending) return pending;
    // Deferred a tick so even a fetch that throws at once is registered and then cleared.
    const request = Promise.resolve()
      .then(() => this.fetchInfo(code))
      .then((info) => {
        this.last = { code, at: this.now(), info };
        return info;
      })
      .finally(() => this.inFlight.delete(code));
    this.inFlight.set(code, request);
    return request;
  }

  /** Forgets the remembered info, e.g. after the player applied or reset a code. */
  clear(): void {
    this.last = null;
  }
}
