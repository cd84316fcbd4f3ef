import type { PromoCreateInput, PromoEditBody, PromoTermsInput } from '@store/shared/api/operator-promotions';
import type { Camel } from '#app/lib/api.ts';

/**
 * The promo code form's fields as typed (strings), to and from the admin API's bodies. The API
 * checks every rule again; this only turns text into numbers and dates and names the field an
 * operator left wrong, so the form can point at it.
 */
export type PromoFormKind = 'common' | 'instant' | 'case' | 'blogger';

export interface PromoFormState {
  code: string;
  kind: PromoFormKind;
  /** The percent (common), the GOLD sum (instant), or unused. */
  value: string;
  caseSlug: string;
  days: string;
  /** `datetime-local` values in the operator's time zone; empty means no bound. */
  startsAt: string;
  expiresAt: string;
  totalLimit: string;
  perPlayerLimit: string;
}

export const emptyPromoForm: PromoFormState = {
  code: '',
  kind: 'common',
  value: '',
  caseSlug: '',
  days: '7',
  startsAt: '',
  expiresAt: '',
  totalLimit: '0',
  perPlayerLimit: '1',
};

export type PromoFormField = 'code' | 'value' | 'caseSlug' | 'days' | 'startsAt' | 'expiresAt' | 'totalLimit' | 'perPlayerLimit';
export type PromoFormCheck<T> = { ok: true; body: T } | { ok: false; field: PromoFormField };

type Terms = Camel<PromoTermsInput>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A `datetime-local` value as an ISO time: null when empty, undefined when not a time. */
export const fromLocalInput = (v: string): string | null | undefined => {
  if (!v.trim()) return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
};
const number = (v: string): number | null => {
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() !== '' && Number.isFinite(n) ? n : null;
};
const wholeAtLeast0 = (v: string) => {
  const n = number(v);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
};

/** The form of a code as it is, for editing. */
export function promoFormOf(p: { code: string; terms: Terms; startsAt: string | null; expiresAt: string | null; totalLimit: number; perPlayerLimit: number }): PromoFormState {
  const t = p.terms;
  return {
    code: p.code,
    kind: t.kind,
    value: t.kind === 'common' ? String(t.percent) : t.kind === 'instant' ? String(t.sum) : '',
    caseSlug: t.kind === 'case' ? t.caseSlug : '',
    days: t.kind === 'case' ? String(t.days) : '7',
    startsAt: toLocalInput(p.startsAt),
    expiresAt: toLocalInput(p.expiresAt),
    totalLimit: String(p.totalLimit),
    perPlayerLimit: String(p.perPlayerLimit),
  };
}

/** The wire terms of the form; a blogger code's offers are kept as they were (`keep`). */
function termsOf(f: PromoFormState, keep: Terms | null): PromoFormCheck<PromoTermsInput> {
  switch (f.kind) {
    case 'common': {
      const percent = number(f.value);
      return percent !== null && percent > 0 ? { ok: true, body: { kind: 'common', percent } } : { ok: false, field: 'value' };
    }
    case 'instant': {
      const sum = number(f.value);
      return sum !== null && sum > 0 ? { ok: true, body: { kind: 'instant', sum } } : { ok: false, field: 'value' };
    }
    case 'case': {
      const days = wholeAtLeast0(f.days);
      if (!f.caseSlug.trim()) return { ok: false, field: 'caseSlug' };
      return days ? { ok: true, body: { kind: 'case', case_slug: f.caseSlug.trim(), days } } : { ok: false, field: 'days' };
    }
    case 'blogger':
      return keep?.kind === 'blogger' ? { ok: true, body: { kind: 'blogger', flex_offers: keep.flexOffers } } : { ok: false, field: 'value' };
  }
}

function commonOf(f: PromoFormState) {
  const startsAt = fromLocalInput(f.startsAt);
  if (startsAt === undefined) return { ok: false, field: 'startsAt' } as const;
  const expiresAt = fromLocalInput(f.expiresAt);
  if (expiresAt === undefined || (startsAt && expiresAt && expiresAt <= startsAt)) return { ok: false, field: 'expiresAt' } as const;
  const totalLimit = wholeAtLeast0(f.totalLimit);
  if (totalLimit === null) return { ok: false, field: 'totalLimit' } as const;
  const perPlayerLimit = wholeAtLeast0(f.perPlayerLimit);
  if (perPlayerLimit === null) return { ok: false, field: 'perPlayerLimit' } as const;
  return { ok: true, startsAt, expiresAt, totalLimit, perPlayerLimit } as const;
}

/** POST /api/v1/admin/promo-codes from the form. */
export function promoCreateBodyOf(f: PromoFormState): PromoFormCheck<PromoCreateInput> {
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(f.code.trim())) return { ok: false, field: 'code' };
  const terms = termsOf(f, null);
  if (!terms.ok) return terms;
  const c = commonOf(f);
  if (!c.ok) return c;
  return {
    ok: true,
    body: { code: f.code.trim(), terms: terms.body, starts_at: c.startsAt, expires_at: c.expiresAt, total_limit: c.totalLimit, per_player_limit: c.perPlayerLimit },
  };
}

/** PATCH /api/v1/admin/promo-codes/:code from the form: every field, as the form shows it. */
export function promoEditBodyOf(f: PromoFormState, was: Terms): PromoFormCheck<PromoEditBody> {
  const terms = termsOf(f, was);
  if (!terms.ok) return terms;
  const c = commonOf(f);
  if (!c.ok) return c;
  return { ok: true, body: { terms: terms.body, starts_at: c.startsAt, expires_at: c.expiresAt, total_limit: c.totalLimit, per_player_limit: c.perPlayerLimit } };
}

/** Only the fields that differ from `was`, so the audit names what the operator changed; null when nothing did. */
export function changedOnly(body: PromoEditBody, was: PromoEditBody): PromoEditBody | null {
  const keys = (Object.keys(body) as (keyof PromoEditBody)[]).filter((k) => JSON.stringify(body[k]) !== JSON.stringify(was[k]));
  return keys.length ? (Object.fromEntries(keys.map((k) => [k, body[k]])) as PromoEditBody) : null;
}
