import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { PROMO_BOUNDS } from '@store/shared/api/operator-promotions';
import type { OfferCreateInput } from '../api/offer-create.ts';
import { fromLocalInput } from './promo-form.ts';

/**
 * The new-offer form's fields as typed (strings), to the admin API's create body. The API checks
 * every rule again; this turns text into numbers and dates (a comma or a dot before the kopecks,
 * spaces between thousands) and names the first field an operator left wrong.
 */
export interface OfferCaseLine {
  /** A case's slug, or '' while none is picked. */
  slug: string;
  count: string;
}

export interface OfferCreateFormState {
  name: string;
  titleRu: string;
  titleEn: string;
  descriptionRu: string;
  descriptionEn: string;
  price: string;
  oldPrice: string;
  cases: OfferCaseLine[];
  bonusCoins: string;
  bonusMoney: string;
  isSecret: boolean;
  sort: string;
  /** `datetime-local` values in the operator's time zone; empty means no bound. */
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  reason: string;
}

export type OfferCreateField = Exclude<keyof OfferCreateFormState, 'isSecret'>;
export type OfferCreateCheck = { ok: true; body: OfferCreateInput } | { ok: false; field: OfferCreateField };

/** What the server takes: at most 20 case lines, each opened 1 to 100 times. */
export const OFFER_CASES_MAX = 20;
const COUNT_MAX = 100;

export const emptyOfferCreateForm: OfferCreateFormState = {
  name: '',
  titleRu: '',
  titleEn: '',
  descriptionRu: '',
  descriptionEn: '',
  price: '',
  oldPrice: '',
  cases: [{ slug: '', count: '1' }],
  bonusCoins: '0',
  bonusMoney: '0',
  isSecret: false,
  sort: '0',
  startsAt: '',
  endsAt: '',
  totalLimit: '0',
  reason: '',
};

/** A typed number: spaces dropped, a comma read as the decimal point; null when it is none. */
export function typedNumber(v: string): number | null {
  const s = v.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const n = Number(s);
  return s !== '' && Number.isFinite(n) ? n : null;
}
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** GOLD with at most 2 decimals, above 0 (a price) or from 0 (a bonus), up to the server's bound. */
const gold = (v: string, { positive }: { positive: boolean }) => {
  const n = typedNumber(v);
  return n !== null && (positive ? n > 0 : n >= 0) && n <= PROMO_BOUNDS.sumMax && twoDecimals(n) ? n : null;
};
const whole = (v: string, min: number, max: number) => {
  const n = typedNumber(v);
  return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The picked cases with their counts; null when none is picked, one is left unpicked, a count is wrong or a case comes twice. */
export function offerCasesOf(lines: OfferCaseLine[]): { slug: string; count: number }[] | null {
  if (lines.length === 0 || lines.length > OFFER_CASES_MAX) return null;
  const out: { slug: string; count: number }[] = [];
  for (const line of lines) {
    const slug = line.slug.trim();
    const count = whole(line.count, 1, COUNT_MAX);
    if (!slug || count === null || out.some((c) => c.slug === slug)) return null;
    out.push({ slug, count });
  }
  return out;
}

/** What the picked cases cost one by one: the figure an old price usually shows. */
export function offerCasesWorth(lines: OfferCaseLine[], priceOf: (slug: string) => number | undefined): number {
  const cents = lines.reduce((sum, l) => {
    const price = priceOf(l.slug);
    const count = whole(l.count, 1, COUNT_MAX);
    return price === undefined || count === null ? sum : sum + Math.round(price * 100) * count;
  }, 0);
  return cents / 100;
}

/** POST /api/v1/admin/offers from the form, checked field by field in the form's order. */
export function offerCreateBodyOf(f: OfferCreateFormState): OfferCreateCheck {
  const fail = (field: OfferCreateField) => ({ ok: false, field }) as const;
  const name = f.name.trim().toLowerCase();
  if (!/^[a-z0-9_-]{2,60}$/.test(name)) return fail('name');
  const titleRu = f.titleRu.trim();
  if (!titleRu || titleRu.length > 200) return fail('titleRu');
  const titleEn = f.titleEn.trim();
  if (!titleEn || titleEn.length > 200) return fail('titleEn');
  const descriptionRu = f.descriptionRu.trim();
  if (descriptionRu.length > 2000) return fail('descriptionRu');
  const descriptionEn = f.descriptionEn.trim();
  if (descriptionEn.length > 2000) return fail('descriptionEn');
  const price = gold(f.price, { positive: true });
  if (price === null) return fail('price');
  const oldPrice = gold(f.oldPrice, { positive: true });
  if (oldPrice === null || oldPrice < price) return fail('oldPrice');
  const cases = offerCasesOf(f.cases);
  if (!cases) return fail('cases');
  const bonusCoins = gold(f.bonusCoins, { positive: false });
  if (bonusCoins === null) return fail('bonusCoins');
  const bonusMoney = gold(f.bonusMoney, { positive: false });
  if (bonusMoney === null) return fail('bonusMoney');
  const sort = whole(f.sort, -1_000_000, 1_000_000);
  if (sort === null) return fail('sort');
  const startsAt = fromLocalInput(f.startsAt);
  if (startsAt === undefined) return fail('startsAt');
  const endsAt = fromLocalInput(f.endsAt);
  if (endsAt === undefined || (startsAt && endsAt && endsAt <= startsAt)) return fail('endsAt');
  const totalLimit = whole(f.totalLimit, 0, PROMO_BOUNDS.limitMax);
  if (totalLimit === null) return fail('totalLimit');
  const reason = f.reason.trim();
  if (reason && (reason.length < ADJUSTMENT_REASON.min || reason.length > ADJUSTMENT_REASON.max)) return fail('reason');
  return {
    ok: true,
    body: {
      name,
      title_ru: titleRu,
      title_en: titleEn,
      description_ru: descriptionRu,
      description_en: descriptionEn,
      price,
      old_price: oldPrice,
      cases,
      bonus_coins: bonusCoins,
      bonus_money: bonusMoney,
      is_secret: f.isSecret,
      sort,
      starts_at: startsAt,
      ends_at: endsAt,
      total_limit: totalLimit,
      ...(reason ? { reason } : {}),
    },
  };
}
