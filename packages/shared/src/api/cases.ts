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
  is_offer: z.boolean(),
  volatility: z.number().int().min(1).max(4),
  max_multi_open: z.number(),
  battle_allowed: z.boolean(),
  /** The player level the case needs (0: none); a case is locked below it or when `locked` (spec §5). */
  level: z.number(),
  locked: z.boolean(),
  /** A level case: free once a day from its level (decision 015). */
  daily: z.boolean(),
});
export type CaseCard = z.infer<typeof caseCard>;

export const sectionAppearance = z.object({
  cards_background: z.string(),
  cards_circle: z.string(),
  cards_hover: z.string(),
  cards_shadow: z.string(),
  title: z.object({ icon: z.string(), gradient: z.string(), gradient_text: z.string() }),
});

export const section = z.object({
  id: z.number(),
  slug: z.string(),
  event: z.boolean(),
  name: z.string(),
  line_breaks: z.number(),
  appearance_data: sectionAppearance,
  cases: z.array(caseCard),
});
export type Section = z.infer<typeof section>;

export const sectionsQuery = z.object({
  main: queryBool.optional(),
  battle: queryBool.optional(),
  event: queryBool.optional(),
  case_statuses: queryList.optional(),
  section_statuses: queryList.optional(),
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
