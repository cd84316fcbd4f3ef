/**
 * The payment settings as data (decision 076): the country tables, the bonus levels and the
 * tasty-coins factor, kept by the server as numbered versions an admin writes in the console.
 * This schema is the one rule a version must pass; the server refuses anything else and the
 * console shows its messages beside the fields they name.
 */
import { z } from 'zod';
import { DEFAULT_BONUS_LEVELS } from './bonus.ts';
import {
  COUNTRY_CONFIGS,
  DEFAULT_COUNTRY,
  EXTRA_FIELD_NAMES,
  FIELD_VALIDATORS,
  type CountryPaymentConfig,
  type PaymentMethod,
} from './countries.ts';

/** Tasty coins per 100 GOLD deposited, the store's value before it was data. */
export const DEFAULT_DEPOSIT_COINS_FACTOR = 10;

const extraField = z.object({
  field: z.enum(EXTRA_FIELD_NAMES),
  label: z.string().min(1),
  required: z.boolean(),
  default: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
  validator: z.enum(FIELD_VALIDATORS).nullable(),
});

const limit = (what: string) => z.number({ message: `${what} must be a number` }).finite().min(0, `${what} must not be negative`);

const paymentMethod = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1, 'A method needs a name'),
    payMethod: z.string().min(1, "A method needs the provider's code"),
    icon: z.string(),
    label: z.string().nullable(),
    type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { message: 'Unknown method type' }) satisfies z.ZodType<PaymentMethod['type']>,
    min: limit('The minimum').positive('The minimum must be above zero'),
    max: limit('The maximum'),
    defaultMin: limit('The old minimum').positive('The old minimum must be above zero'),
    bonusPercent: z.number().min(0, 'A method bonus is 0–100 %').max(100, 'A method bonus is 0–100 %'),
    sort: z.object({ desktop: z.number().int(), mobile: z.number().int() }),
    extraFields: z.array(extraField),
    /** Off: the method stays in the version but is not offered. */
    enabled: z.boolean().default(true),
  })
  .superRefine((m, ctx) => {
    // max 0 means unlimited (spec §9).
    if (m.max > 0 && m.min > m.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'The minimum must not be above the maximum' });
    if (m.max > 0 && m.defaultMin > m.max) ctx.addIssue({ code: 'custom', path: ['defaultMin'], message: 'The old minimum must not be above the maximum' });
  });

const country = z
  .object({
    country: z.string().regex(/^[A-Z]{2}$/, 'A country is two capital letters'),
    currency: z.object({
      code: z.string().regex(/^[A-Z]{3}$/, 'A currency code is three capital letters'),
      defaultAmount: z.number().positive('The starting amount must be above zero'),
      rate: z.number().positive('The rate must be above zero').refine((r) => Math.abs(r * 1e6 - Math.round(r * 1e6)) < 1e-6, 'A rate has at most 6 decimals'),
      symbol: z.string().min(1),
    }),
    quickSums: z.object({ desktop: z.array(z.number().positive()), mobile: z.array(z.number().positive()) }),
    methods: z.array(paymentMethod),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<number>();
    c.methods.forEach((m, i) => {
      if (seen.has(m.id)) ctx.addIssue({ code: 'custom', path: ['methods', i, 'id'], message: `Method ${m.id} appears twice in ${c.country}` });
      seen.add(m.id);
    });
  });

const bonusLevel = z.object({
  limit: z.number().positive('A level starts above zero'),
  bonusMultiplier: z.number().min(0, 'A level bonus is 0–100 %').max(1, 'A level bonus is 0–100 %'),
});

export const paymentSettingsDocument = z
  .object({
    countries: z.array(country).min(1, 'At least one country'),
    bonusLevels: z.array(bonusLevel),
    coinsFactor: z.number().finite().min(0, 'The coins factor must not be negative'),
  })
  .superRefine((d, ctx) => {
    const keys = new Set<string>();
    d.countries.forEach((c, i) => {
      if (keys.has(c.country)) ctx.addIssue({ code: 'custom', path: ['countries', i, 'country'], message: `${c.country} appears twice` });
      keys.add(c.country);
    });
    // Any country without a table of its own is served the default one.
    if (!keys.has(DEFAULT_COUNTRY)) ctx.addIssue({ code: 'custom', path: ['countries'], message: `The default country ${DEFAULT_COUNTRY} must stay` });
    d.bonusLevels.forEach((l, i) => {
      const prev = d.bonusLevels[i - 1];
      if (prev && l.limit <= prev.limit) ctx.addIssue({ code: 'custom', path: ['bonusLevels', i, 'limit'], message: 'Levels go up: each starts above the one before' });
    });
  });

export type PaymentSettingsDocument = z.infer<typeof paymentSettingsDocument>;
export type SettingsPaymentMethod = PaymentSettingsDocument['countries'][number]['methods'][number];

/** The settings the store ran with while they lived in code: the seed of version 1. */
export function defaultPaymentSettings(): PaymentSettingsDocument {
  return {
    countries: Object.values(COUNTRY_CONFIGS).map((c) => ({ ...c, methods: c.methods.map((m) => ({ ...m, enabled: true })) })),
    bonusLevels: DEFAULT_BONUS_LEVELS.map((l) => ({ ...l })),
    coinsFactor: DEFAULT_DEPOSIT_COINS_FACTOR,
  };
}

/** What a version serves: its country tables keyed by country with the switched-off methods left out. */
export function servedCountryConfigs(d: PaymentSettingsDocument): Record<string, CountryPaymentConfig> {
  return Object.fromEntries(
    d.countries.map((c) => [c.country, { ...c, methods: c.methods.filter((m) => m.enabled).map(({ enabled: _on, ...m }) => m) }]),
  );
}

/** The problems of a document as the console shows them: a dotted path and a message each. */
export function paymentSettingsProblems(input: unknown): { path: string; message: string }[] {
  const r = paymentSettingsDocument.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
