import { z } from 'zod';
import { amount, idParam } from './common.ts';
import { operatorReason } from './operators.ts';
import { TICKETS } from '../constants.ts';
import { SIMULATION_MAX_OPENINGS } from '../odds-simulation.ts';

/**
 * The console's cases and odds (decision 029, "Cases and odds"): read by support and admins,
 * changed by admins. Prices are wallet units with 2 decimals; a return to player is a fraction
 * (0.9 is 90%); chances are percents with 3 decimals, as on the case page.
 */

const name = z.string().trim().min(1).max(100);
/** A case's price: positive, at most 10000000, with at most 2 decimals. */
const casePrice = amount
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 10_000_000, 'a positive amount of at most 10000000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'at most 2 decimals');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #e4ae39');
/** An image: an https address or a path of this site. */
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'an https address or a path of this site');
export const CASE_LABEL_TYPES = ['bestseller', 'cashback', 'fifty_fifty', 'free', 'new', 'update', 'exclusive', 'custom'] as const;
/** The label an operator sets; which label a card shows is the precedence rule of `case-label.ts`. */
export const caseLabelInput = z
  .object({
    type: z.enum(CASE_LABEL_TYPES),
    name: z.object({ ru: name, en: name }).strict().nullable().default(null),
    color: color.nullable().default(null),
  })
  .strict()
  .refine((l) => l.type !== 'custom' || l.name !== null, 'a custom label has a name');

export const operatorCaseParams = z.object({ id: idParam });

/** One range of an odds table as an operator writes it; `oddsTableProblems` checks the whole table. */
export const oddsRangeInput = z.object({ item: z.string().trim().min(1).max(200), from: z.number(), to: z.number() }).strict();
export const oddsRangesInput = z.array(oddsRangeInput).min(1).max(1_000);

/** Each field of a case an operator may set, with its rules. */
const caseFields = {
  name_ru: name,
  name_en: name,
  section_id: idParam,
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  price: casePrice,
  old_price: casePrice.nullable(),
  image_url: imageUrl.nullable(),
  color,
  label: caseLabelInput.nullable(),
  opens_limit: z.number().int().positive().max(1_000_000_000).nullable(),
  every_n_open_free: z.number().int().min(2).max(1_000).nullable(),
  multifix: z.number().int().min(1).max(100).nullable(),
  multicast_range: z
    .tuple([z.number().int().min(1).max(100), z.number().int().min(1).max(100)])
    .refine(([from, to]) => from <= to, 'from ≤ to')
    .nullable(),
  volatility: z.number().int().min(1).max(4),
  max_multi_open: z.number().int().min(1).max(100),
  level: z.number().int().min(0).max(1_000),
  available: z.boolean(),
  locked: z.boolean(),
  battle_allowed: z.boolean(),
  status: z.enum(['active', 'hidden']),
  tasty_coins: z
    .object({ min: z.number().int().min(0).max(1_000_000), max: z.number().int().min(0).max(1_000_000) })
    .strict()
    .refine((r) => r.min <= r.max, 'min ≤ max')
    .nullable(),
  /** The window the case is sold in; its card counts the time left (spec §4, decision 054). */
  sale_window: z
    .object({ from: z.iso.datetime({ offset: true }), until: z.iso.datetime({ offset: true }) })
    .strict()
    .refine((w) => Date.parse(w.from) < Date.parse(w.until), 'from < until')
    .nullable(),
};
const changeExtras = {
  /** A price or table that takes the return to player outside the guard range needs this. */
  confirm_rtp: z.boolean(),
  reason: operatorReason,
};

/** PATCH /api/v1/admin/cases/:id: the fields to change, at least one. */
export const caseEditBody = z
  .object({ ...caseFields, ...changeExtras })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'confirm_rtp' && k !== 'reason'), 'name at least one field to change');
export type CaseEditBody = z.infer<typeof caseEditBody>;

/**
 * POST /api/v1/admin/cases: a new GOLD case with its first odds table; its address (slug) is
 * fixed for ever. Fields not given take the catalogue's defaults.
 */
export const caseCreateBody = z
  .object({ ...caseFields, ...changeExtras })
  .partial()
  .extend({
    slug: z.string().min(2).max(60).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single dashes'),
    name_ru: name,
    name_en: name,
    section_id: idParam,
    price: casePrice,
    odds: oddsRangesInput,
  })
  .strict();
export type CaseCreateBody = z.infer<typeof caseCreateBody>;

/** POST /api/v1/admin/cases/:id/odds: a new odds version for the case. */
export const oddsChangeBody = z
  .object({ ranges: oddsRangesInput, confirm_rtp: z.boolean().optional(), reason: operatorReason.optional() })
  .strict();

/** POST /api/v1/admin/cases/:id/simulate: the case's current table, or a draft one. */
export const simulateBody = z
  .object({
    n: z.number().int().min(1).max(SIMULATION_MAX_OPENINGS),
    odds: oddsRangesInput.optional(),
    /** Fixes the seeds for a reproducible run. */
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  })
  .strict();

const section = z.object({ id: z.number(), slug: z.string() });

/** A case in the console's list. */
export const operatorCaseSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  section,
  price: amount,
  currency: z.string(),
  available: z.boolean(),
  locked: z.boolean(),
  status: z.string(),
  daily: z.boolean(),
  /** Whether a player can open it now: available, not locked, shown, not sold out. */
  openable: z.boolean(),
  odds_id: z.number().nullable(),
  /** The current table at today's item prices and the case's price; null without a table. */
  rtp: z.number().nullable(),
  opens: z.number(),
});
export const operatorCasesResponse = z.object({ items: z.array(operatorCaseSummary), rtp_guard: z.object({ min: z.number(), max: z.number() }) });

export const oddsItemLine = z.object({
  item: z.string(),
  name: z.string(),
  price: amount,
  tickets: z.number(),
  chance: z.number(),
});
export const oddsRangeLine = z.object({ item: z.string(), from: z.number().int().min(1).max(TICKETS), to: z.number().int().min(1).max(TICKETS) });
/** An odds table with its figures at today's prices. */
export const oddsFigures = z.object({
  ranges: z.array(oddsRangeLine),
  items: z.array(oddsItemLine),
  expected_value: amount,
  rtp: z.number(),
});

/** GET /api/v1/admin/cases/:id: every editable field, the current odds and the older versions. */
export const operatorCase = operatorCaseSummary.extend({
  sort: z.number(),
  old_price: amount.nullable(),
  image_url: z.string().nullable(),
  /** The image the store shows (generated unless remote images are configured). */
  image: z.string(),
  color: z.string(),
  label: z.object({ type: z.string(), name: z.object({ ru: z.string(), en: z.string() }).nullable(), color: z.string().nullable() }).nullable(),
  /** The one label the card shows, by the spec's precedence (ended, multifix, multicast, named, new, free every N, type, custom). */
  shown_label: z.record(z.string(), z.unknown()).nullable(),
  opens_limit: z.number().nullable(),
  opens_count: z.number(),
  every_n_open_free: z.number().nullable(),
  multifix: z.number().nullable(),
  multicast_range: z.tuple([z.number(), z.number()]).nullable(),
  volatility: z.number(),
  max_multi_open: z.number(),
  level: z.number(),
  battle_allowed: z.boolean(),
  tasty_coins: z.object({ min: z.number(), max: z.number() }).nullable(),
  sale_window: z.object({ from: z.string(), until: z.string() }).nullable(),
  /** Whether the return-to-player guard applies (a GOLD case that is sold; not a coin or level case). */
  rtp_guarded: z.boolean(),
  odds: oddsFigures.extend({ id: z.number(), created_at: z.string() }).nullable(),
  odds_history: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      /** The return to player recorded when the version was made (its prices then). */
      rtp_at_creation: z.number(),
      opens: z.number(),
      current: z.boolean(),
    }),
  ),
});
export type OperatorCase = z.infer<typeof operatorCase>;

export const oddsChangeResult = z.object({ case_id: z.number(), odds_id: z.number(), previous_odds_id: z.number().nullable(), rtp: z.number(), audit_id: z.number() });

export const simulationResult = z.object({
  /** The stored version simulated, or null for a draft. */
  odds_id: z.number().nullable(),
  n: z.number(),
  expected_rtp: z.number(),
  observed_rtp: z.number(),
  standard_error: z.number(),
  expected_value: amount,
  observed_value: amount,
  counts: z.array(z.object({ item: z.string(), name: z.string(), count: z.number(), expected: z.number() })),
  server_seed_hash: z.string(),
  client_seed: z.string(),
});
