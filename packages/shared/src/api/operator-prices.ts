import { z } from 'zod';
import { amount, idParam } from './common.ts';
import { operatorReason } from './operators.ts';

/**
 * The console's prices (decision 078): the price runs, the catalogue's value, the biggest movers,
 * the skins without a market price and the cases whose return to player left the band, with a
 * proposed odds version an admin publishes or the case taken off sale. Prices are wallet units
 * with 2 decimals; a return to player is a fraction (0.9 is 90 %).
 */

export const PRICE_RUN_STATES = ['running', 'done', 'failed', 'abandoned'] as const;

export const priceRun = z.object({
  id: z.number(),
  source: z.string(),
  state: z.enum(PRICE_RUN_STATES),
  /** A `running` run whose lease ran out: its process died, and the next run takes over. */
  stalled: z.boolean(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  list_time: z.string().nullable(),
  seen: z.number(),
  matched: z.number(),
  changed: z.number(),
  missing: z.number(),
  batches: z.number(),
  flagged_cases: z.number(),
  error: z.string().nullable(),
});

export const priceMover = z.object({
  item: z.string(),
  name: z.string(),
  market_name: z.string(),
  old_price: amount,
  price: amount,
  change_percent: z.number(),
});

export const missingPrice = z.object({ item: z.string(), name: z.string(), market_name: z.string(), price: amount, since: z.string() });

export const caseProposal = z.object({
  ranges: z.array(z.object({ item: z.string(), from: z.number(), to: z.number() })),
  rtp: z.number(),
  /** The store's own roll played over the proposal at today's prices. */
  simulated_rtp: z.number(),
  standard_error: z.number(),
  openings: z.number(),
});

export const caseOutOfBand = z.object({
  case_id: z.number(),
  slug: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  price: amount,
  odds_id: z.number(),
  rtp: z.number(),
  rtp_at_version: z.number(),
  /** The return now minus the return when the version was written. */
  drift: z.number(),
  standing: z.enum(['low', 'high']),
  /** Null when no table of these items can reach the band: the case needs new items, a new price, or to come off sale. */
  proposal: caseProposal.nullable(),
  flagged_at: z.string(),
});

export const MOVERS_SINCE = ['run', '24h'] as const;
export const pricesQuery = z.object({ movers: z.enum(MOVERS_SINCE).default('run') });

export const pricesResponse = z.object({
  source: z.string(),
  /** The job's interval in ms; 0 when it is off. */
  sync_ms: z.number(),
  band: z.object({ min: z.number(), max: z.number() }),
  catalogue: z.object({ items: z.number(), value: amount }),
  runs: z.array(priceRun),
  movers: z.object({ since: z.enum(MOVERS_SINCE), from: z.string().nullable(), items: z.array(priceMover) }),
  missing: z.object({ count: z.number(), items: z.array(missingPrice) }),
  cases: z.array(caseOutOfBand),
});
export type PricesResponse = z.infer<typeof pricesResponse>;

export const priceRunResult = z.object({ ran: z.boolean(), run: priceRun.nullable() });

export const priceCaseParams = z.object({ id: idParam });
/** `odds_id`: the version the proposal was made on, so a proposal overtaken by another change is refused, never published. */
export const publishProposalBody = z.object({ odds_id: idParam, reason: operatorReason.optional() }).strict();
export const publishProposalResult = z.object({ case_id: z.number(), odds_id: z.number(), previous_odds_id: z.number().nullable(), rtp: z.number(), audit_id: z.number() });
export const takeOffSaleBody = z.object({ reason: operatorReason.optional() }).strict();
export const takeOffSaleResult = z.object({ case_id: z.number(), locked: z.literal(true), audit_id: z.number() });
