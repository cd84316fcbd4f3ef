import { z } from 'zod';
import { amount, queryBool, queryList } from './common.ts';
import { inventoryItem } from './inventory.ts';

export const labelData = z.object({
  type: z.string(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  free_opens: z.number().nullable(),
});

export const caseCard = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  available: z.boolean(),
  price_data: z.object({ currency: z.string(), price: amount, old_price: amount.nullable() }),
  statistic_data: z.object({ opens_limit: z.number().nullable(), opens_remaining: z.number().nullable() }),
  appearance_data: z.object({ image: z.string(), color: z.string() }),
  label_data: labelData.nullable(),
  multifix_number: z.number().nullable(),
  multicast_data: z.object({ range: z.tuple([z.number(), z.number()]) }).nullable(),
  every_n_opens_free: z.number().nullable(),
  /** The case is in a bundle of the offers shop on sale now: cheaper there (spec §3 isOffer). */
  is_offer: z.boolean(),
  /** What an opening pays besides the item: the event coins' range (spec §3 bonuses); null for none. */
  bonuses: z.object({ currency_code: z.string(), amount_min: z.number(), amount_max: z.number() }).nullable(),
  volatility: z.number().int().min(1).max(4),
  max_multi_open: z.number(),
  battle_allowed: z.boolean(),
  /** The player level the case needs (0: none); a case is locked below it or when `locked` (spec §5). */
  level: z.number(),
  locked: z.boolean(),
  /** A level case: free once a day from its level (decision 015). */
  daily: z.boolean(),
  /** The window the case is sold in (spec §4 time counter, decision 054); null for a case sold without an end. */
  timer_data: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
});
export type CaseCard = z.infer<typeof caseCard>;

export const sectionAppearance = z.object({
  cards_background: z.string(),
  cards_circle: z.string(),
  cards_hover: z.string(),
  cards_shadow: z.string(),
  title: z.object({
    icon: z.string(),
    gradient: z.string(),
    gradient_text: z.string(),
    /** The event variant's colours (spec §3 title.colorData): its cards' own, for the title to match. */
    color_data: z.object({ gradient: z.string(), circle: z.string(), gradient_hovered: z.string(), circle_shadow: z.string() }).optional(),
  }),
});

export const section = z.object({
  id: z.number(),
  slug: z.string(),
  event: z.boolean(),
  name: z.string(),
  /** Where the section's rows break on a desktop of six cards a row: the breaks between its rows. */
  line_breaks: z.number(),
  appearance_data: sectionAppearance,
  cases: z.array(caseCard),
});
export type Section = z.infer<typeof section>;

/**
 * Spec §7: `main`, `battle`, `event`, `caseStatuses[]`, `sectionStatuses[]` (arrays repeated or
 * comma-joined). The snake_case names of the house's own clients are read too.
 */
export const sectionsQuery = z.object({
  main: queryBool.optional(),
  battle: queryBool.optional(),
  event: queryBool.optional(),
  case_statuses: queryList.optional(),
  section_statuses: queryList.optional(),
  caseStatuses: queryList.optional(),
  'caseStatuses[]': queryList.optional(),
  sectionStatuses: queryList.optional(),
  'sectionStatuses[]': queryList.optional(),
});

export const catalogueItem = z.object({
  id: z.string(),
  name: z.string(),
  market_name: z.string(),
  weapon: z.string(),
  skin: z.string().nullable(),
  quality: z.string().nullable(),
  stattrak: z.boolean(),
  rarity: z.string(),
  rarity_color: z.string(),
  price: amount,
  image: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

export const caseDetail = caseCard.extend({
  section: z.string(),
  drops: z.array(
    catalogueItem.extend({ chance: z.number(), ticket_from: z.number(), ticket_to: z.number() }),
  ),
});
export type CaseDetail = z.infer<typeof caseDetail>;

export const caseNameParams = z.object({ name: z.string().min(1).max(100) });
/** GET /api/v1/cases/{name}/{x} (spec §7): a case of a numbered series, `level/15` for `level-15`. */
export const caseSeriesParams = z.object({ name: z.string().min(1).max(60), x: z.string().regex(/^[A-Za-z0-9-]{1,39}$/) });

export const openCaseBody = z
  .object({
    multi_open: z.number().int().min(1).max(100).default(1),
    /** The player chose the fast roulette: the drops reach the live ribbon when it stops. */
    fast: z.boolean().default(false),
  })
  .strict();
export type OpenCaseBody = z.infer<typeof openCaseBody>;

export const caseOpening = z.object({
  id: z.number(),
  item: inventoryItem,
  ticket: z.number(),
  nonce: z.number(),
  cursor: z.number(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** The odds version the roll used (`GET /api/v1/provably-fair/odds/{odds_id}`). */
  odds_id: z.number(),
  /** Whole event coins this opening gave (an event case's roll at cursor 1; 0 otherwise). */
  coins: z.number(),
});
export const openCaseResponse = z.object({
  opens: z.array(caseOpening),
  balance: amount,
  /** The event coins' wallet after the opening, whole coins. */
  coin_balance: z.number(),
  amount_exp: z.number(),
});
export type OpenCaseResponse = z.infer<typeof openCaseResponse>;
