import { paymentSettingsProblems, type PaymentSettingsDocument } from '@store/shared/payments/settings-document';

/**
 * The payment settings form (decision 076): what an admin edits of a version (each method's limits
 * and on/off, the bonus levels, the coins factor) as typed text, turned back into a whole
 * document on top of the version it was read from. The shared schema checks it before it is
 * sent, and the server checks it again; either's problems are keyed by the same field paths
 * (`countries.0.methods.1.min`), so the form shows each beside its field.
 */

export interface MethodFields {
  id: number;
  name: string;
  min: string;
  max: string;
  enabled: boolean;
}

export interface PaymentSettingsForm {
  countries: { country: string; currency: string; methods: MethodFields[] }[];
  /** Percents as an admin thinks of them: "5" is +5 %. */
  levels: { limit: string; percent: string }[];
  coinsFactor: string;
  note: string;
}

const text = (n: number) => String(n);
/** A typed number: a comma is a decimal point; anything else than a number stays NaN for the schema to name. */
const numberOf = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')));

export function paymentSettingsFormOf(d: PaymentSettingsDocument): PaymentSettingsForm {
  return {
    countries: d.countries.map((c) => ({
      country: c.country,
      currency: c.currency.code,
      methods: c.methods.map((m) => ({ id: m.id, name: m.name, min: text(m.min), max: text(m.max), enabled: m.enabled })),
    })),
    // Hundredths of a percent, exactly: 0.07 → "7", never "7.000000000000001".
    levels: d.bonusLevels.map((l) => ({ limit: text(l.limit), percent: text(Math.round(l.bonusMultiplier * 10_000) / 100) })),
    coinsFactor: text(d.coinsFactor),
    note: '',
  };
}

/**
 * The whole document the form describes: the version it was read from with the form's figures
 * laid over it. A method's old minimum (spec §7's experiment) follows a minimum raised above it.
 */
export function documentOf(base: PaymentSettingsDocument, form: PaymentSettingsForm): PaymentSettingsDocument {
  return {
    ...base,
    countries: base.countries.map((c, i) => ({
      ...c,
      methods: c.methods.map((m, j) => {
        const f = form.countries[i]?.methods[j];
        if (!f) return m;
        const min = numberOf(f.min);
        const max = numberOf(f.max);
        const changedMin = min !== m.min;
        return { ...m, min, max, enabled: f.enabled, defaultMin: changedMin && Number.isFinite(min) && m.defaultMin === m.min ? min : m.defaultMin };
      }),
    })),
    bonusLevels: form.levels.map((l) => ({ limit: numberOf(l.limit), bonusMultiplier: Math.round(numberOf(l.percent) * 100) / 10_000 })),
    coinsFactor: numberOf(form.coinsFactor),
  };
}

/** The form's problems by field path; a level's bonus problem is shown beside its percent. */
export type FormProblems = Record<string, string>;

export function problemsByPath(problems: readonly { path: string; message: string }[]): FormProblems {
  const out: FormProblems = {};
  for (const p of problems) out[p.path] ??= p.message;
  return out;
}

/** The document's problems before it is sent, by the shared rules the server applies. */
export const formProblems = (base: PaymentSettingsDocument, form: PaymentSettingsForm): FormProblems => problemsByPath(paymentSettingsProblems(documentOf(base, form)));

/** What a problem is about, for its translated text: the last named part of its path (`min`, `limit`, `coinsFactor`). */
export const problemKind = (path: string): string => path.split('.').findLast((part) => !/^\d+$/.test(part)) ?? 'document';

/** The field paths the form draws, so a problem of a field it does not draw is shown above the form. */
export const methodPath = (country: number, method: number, field: 'min' | 'max') => `countries.${country}.methods.${method}.${field}`;
export const levelPath = (level: number, field: 'limit' | 'bonusMultiplier') => `bonusLevels.${level}.${field}`;

export function unplacedProblems(problems: FormProblems, form: PaymentSettingsForm): string[] {
  const placed = new Set<string>(['coinsFactor']);
  form.countries.forEach((c, i) => c.methods.forEach((_m, j) => (placed.add(methodPath(i, j, 'min')), placed.add(methodPath(i, j, 'max')))));
  form.levels.forEach((_l, i) => (placed.add(levelPath(i, 'limit')), placed.add(levelPath(i, 'bonusMultiplier'))));
  return Object.entries(problems)
    .filter(([path]) => !placed.has(path))
    .map(([path, message]) => `${path}: ${message}`);
}
