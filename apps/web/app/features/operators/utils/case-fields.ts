import { caseCreateBody, caseEditBody, type CASE_LABEL_TYPES, type CaseCreateBody, type CaseEditBody, type OperatorCase } from '@store/shared/api/operator-cases';
import type { Camel } from '#app/lib/api.ts';

/**
 * The case form's rules (decision 030): what the operator types, as text, becomes the fields of
 * `PATCH /api/v1/admin/cases/:id`; only the fields that changed are sent, and they are checked by
 * the shared schema the server parses them with, so the form and the server refuse the same.
 */
export type CaseData = Camel<OperatorCase>;
export type CaseLabelType = (typeof CASE_LABEL_TYPES)[number];

export interface CaseForm {
  nameRu: string;
  nameEn: string;
  sectionId: string;
  sort: string;
  price: string;
  oldPrice: string;
  imageUrl: string;
  color: string;
  /** '' for no label. */
  labelType: CaseLabelType | '';
  labelNameRu: string;
  labelNameEn: string;
  labelColor: string;
  opensLimit: string;
  everyNOpenFree: string;
  multifix: string;
  multicastFrom: string;
  multicastTo: string;
  volatility: string;
  maxMultiOpen: string;
  level: string;
  available: boolean;
  locked: boolean;
  battleAllowed: boolean;
  hidden: boolean;
  coinsMin: string;
  coinsMax: string;
  /** The sale window's ends in the operator's local time ("YYYY-MM-DDTHH:mm", as a datetime-local input gives); both empty for none. */
  saleFrom: string;
  saleUntil: string;
}
export type CaseFormField = keyof CaseForm;
type Editable = Omit<CaseEditBody, 'confirm_rtp' | 'reason'>;
type WireField = keyof Editable;

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local input shows it, in the browser's time zone, to the minute. */
export const localMinuteOf = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A datetime-local value back to an instant; anything else stays as typed, so the schema refuses it. */
const instantOf = (local: string): string => {
  const t = local.trim();
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t) ? new Date(t).getTime() : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : t;
};

export function caseFormOf(c: CaseData): CaseForm {
  return {
    nameRu: c.nameRu,
    nameEn: c.nameEn,
    sectionId: String(c.section.id),
    sort: String(c.sort),
    price: String(c.price),
    oldPrice: text(c.oldPrice),
    imageUrl: c.imageUrl ?? '',
    color: c.color,
    labelType: (c.label?.type as CaseLabelType | undefined) ?? '',
    labelNameRu: c.label?.name?.ru ?? '',
    labelNameEn: c.label?.name?.en ?? '',
    labelColor: c.label?.color ?? '',
    opensLimit: text(c.opensLimit),
    everyNOpenFree: text(c.everyNOpenFree),
    multifix: text(c.multifix),
    multicastFrom: text(c.multicastRange?.[0]),
    multicastTo: text(c.multicastRange?.[1]),
    volatility: String(c.volatility),
    maxMultiOpen: String(c.maxMultiOpen),
    level: String(c.level),
    available: c.available,
    locked: c.locked,
    battleAllowed: c.battleAllowed,
    hidden: c.status === 'hidden',
    coinsMin: text(c.tastyCoins?.min),
    coinsMax: text(c.tastyCoins?.max),
    saleFrom: localMinuteOf(c.saleWindow?.from),
    saleUntil: localMinuteOf(c.saleWindow?.until),
  };
}

/** Not a number the form can read: the schema then refuses the field. */
const BAD = Number.NaN;
const intOf = (t: string) => (/^-?\d{1,10}$/.test(t.trim()) ? Number(t.trim()) : BAD);
const nullableInt = (t: string) => (t.trim() === '' ? null : intOf(t));
/** An amount with at most 2 decimals; a comma counts as the point and spaces are ignored. */
export const amountOf = (t: string): number => {
  const s = t.trim().replace(/\s+/g, '').replace(',', '.');
  return /^\d{1,9}(\.\d{1,2})?$/.test(s) ? Number(s) : BAD;
};
const nullableAmount = (t: string) => (t.trim() === '' ? null : amountOf(t));
const pair = (a: string, b: string) => (a.trim() === '' && b.trim() === '' ? null : ([intOf(a), intOf(b)] as const));

/** Every editable field as the API names it, from the form. */
function wireOf(f: CaseForm): Required<Editable> {
  const labelName = f.labelNameRu.trim() || f.labelNameEn.trim() ? { ru: f.labelNameRu, en: f.labelNameEn } : null;
  const multicast = pair(f.multicastFrom, f.multicastTo);
  const coins = pair(f.coinsMin, f.coinsMax);
  return {
    name_ru: f.nameRu,
    name_en: f.nameEn,
    section_id: intOf(f.sectionId),
    sort: intOf(f.sort),
    price: amountOf(f.price),
    old_price: nullableAmount(f.oldPrice),
    image_url: f.imageUrl.trim() === '' ? null : f.imageUrl.trim(),
    color: f.color.trim(),
    label: f.labelType === '' ? null : { type: f.labelType, name: labelName, color: f.labelColor.trim() === '' ? null : f.labelColor.trim() },
    opens_limit: nullableInt(f.opensLimit),
    every_n_open_free: nullableInt(f.everyNOpenFree),
    multifix: nullableInt(f.multifix),
    multicast_range: multicast && [multicast[0], multicast[1]],
    volatility: intOf(f.volatility),
    max_multi_open: intOf(f.maxMultiOpen),
    level: intOf(f.level),
    available: f.available,
    locked: f.locked,
    battle_allowed: f.battleAllowed,
    status: f.hidden ? 'hidden' : 'active',
    tasty_coins: coins && { min: coins[0], max: coins[1] },
    sale_window: f.saleFrom.trim() === '' && f.saleUntil.trim() === '' ? null : { from: instantOf(f.saleFrom), until: instantOf(f.saleUntil) },
  };
}

/** Which form fields show a problem of a wire field. */
const FORM_FIELDS: Record<WireField, CaseFormField[]> = {
  name_ru: ['nameRu'],
  name_en: ['nameEn'],
  section_id: ['sectionId'],
  sort: ['sort'],
  price: ['price'],
  old_price: ['oldPrice'],
  image_url: ['imageUrl'],
  color: ['color'],
  label: ['labelType', 'labelNameRu', 'labelNameEn', 'labelColor'],
  opens_limit: ['opensLimit'],
  every_n_open_free: ['everyNOpenFree'],
  multifix: ['multifix'],
  multicast_range: ['multicastFrom', 'multicastTo'],
  volatility: ['volatility'],
  max_multi_open: ['maxMultiOpen'],
  level: ['level'],
  available: ['available'],
  locked: ['locked'],
  battle_allowed: ['battleAllowed'],
  status: ['hidden'],
  tasty_coins: ['coinsMin', 'coinsMax'],
  sale_window: ['saleFrom', 'saleUntil'],
};

/** A value as text for comparing; a number the form could not read stays different from an empty field. */
const valueText = (v: unknown) => JSON.stringify(v, (_, x: unknown) => (typeof x === 'number' && Number.isNaN(x) ? 'NaN' : x));

export type CaseEditCheck = { ok: true; body: Editable; changed: WireField[] } | { ok: false; fields: CaseFormField[] };

/**
 * The changes to send: the fields whose value differs from the case as loaded, checked by the
 * shared schema. Nothing changed is `ok` with an empty body (the page then has nothing to save).
 */
export function caseEditOf(form: CaseForm, original: CaseData): CaseEditCheck {
  const now = wireOf(form);
  const before = wireOf(caseFormOf(original));
  const changed = (Object.keys(now) as WireField[]).filter((k) => valueText(now[k]) !== valueText(before[k]));
  const body = Object.fromEntries(changed.map((k) => [k, now[k]])) as Editable;
  if (!changed.length) return { ok: true, body, changed };
  const parsed = caseEditBody.safeParse(body);
  if (parsed.success) return { ok: true, body, changed };
  const fields = new Set<CaseFormField>();
  for (const issue of parsed.error.issues) {
    const wire = issue.path[0] as WireField | undefined;
    for (const f of wire && FORM_FIELDS[wire] ? FORM_FIELDS[wire] : []) fields.add(f);
  }
  return { ok: false, fields: [...fields] };
}

/** The new-case form: an address, names, a section, a price, and the case whose table it starts from. */
export interface NewCaseForm {
  slug: string;
  nameRu: string;
  nameEn: string;
  sectionId: string;
  price: string;
  /** The case whose current odds table the new case starts with (edited on its page afterwards). */
  fromCaseId: string;
}
export type NewCaseField = keyof NewCaseForm;
type NewCaseBody = Omit<CaseCreateBody, 'odds'>;

const NEW_CASE_FIELDS: Record<string, NewCaseField> = { slug: 'slug', name_ru: 'nameRu', name_en: 'nameEn', section_id: 'sectionId', price: 'price', odds: 'fromCaseId' };

/** The new case's fields checked by the shared schema (its table is the chosen case's, fetched when it is sent). */
export function newCaseOf(f: NewCaseForm): { ok: true; body: NewCaseBody; fromCaseId: number } | { ok: false; fields: NewCaseField[] } {
  const body = { slug: f.slug.trim(), name_ru: f.nameRu, name_en: f.nameEn, section_id: intOf(f.sectionId), price: amountOf(f.price) };
  const fromCaseId = intOf(f.fromCaseId);
  // One placeholder range: the schema checks the table's shape, the server checks the real one.
  const parsed = caseCreateBody.safeParse({ ...body, odds: [{ item: 'x', from: 1, to: 100_000 }] });
  const fields = new Set<NewCaseField>(parsed.success ? [] : parsed.error.issues.map((i) => NEW_CASE_FIELDS[String(i.path[0])]).filter((x): x is NewCaseField => Boolean(x)));
  if (!Number.isInteger(fromCaseId) || fromCaseId < 1) fields.add('fromCaseId');
  return fields.size ? { ok: false, fields: [...fields] } : { ok: true, body, fromCaseId };
}
