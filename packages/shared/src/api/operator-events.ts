import { z } from 'zod';
import { amount } from './common.ts';
import { operatorReason } from './operators.ts';
import { EVENT_TABS } from '../battle-pass.ts';
import { TASK_TYPES } from '../events.ts';

/**
 * The console's events and battle pass (decision 035). A season is defined by one document, the
 * same whether an operator pastes it into the console or runs `npm run admin -- event create
 * --file`: texts in both languages, the period, the pass's levels and their tasks, the raffle's
 * prizes. Reward money is in minor units of GOLD (kopecks), coins are whole, as in the file.
 */

const localized = z.object({ ru: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) }).strict();
const when = z.iso.datetime({ offset: true });

export const EVENT_BOUNDS = { levelsMax: 100, tasksMax: 500, prizesMax: 1000, claimDaysMax: 60, rewardMoneyMax: 100_000_000, rewardCoinsMax: 1_000_000 } as const;

const passLevel = z
  .object({
    threshold: z.number().int().positive().max(100_000_000),
    money: z.number().int().min(0).max(EVENT_BOUNDS.rewardMoneyMax).optional(),
    coins: z.number().int().min(0).max(EVENT_BOUNDS.rewardCoinsMax).optional(),
    case: z.string().min(1).max(60).optional(),
    case_amount: z.number().int().min(1).max(10).optional(),
  })
  .strict();

const passTask = z
  .object({
    level: z.number().int().min(1).max(EVENT_BOUNDS.levelsMax),
    type: z.enum(TASK_TYPES as [string, ...string[]]),
    target: z.number().int().positive().max(1_000_000_000_000),
    sections: z.array(z.string().min(1).max(60)).max(50).optional(),
    description: localized,
    money: z.number().int().min(0).max(EVENT_BOUNDS.rewardMoneyMax).optional(),
    coins: z.number().int().min(0).max(EVENT_BOUNDS.rewardCoinsMax).optional(),
    case: z.string().min(1).max(60).optional(),
  })
  .strict();

const eventFields = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'lower-case letters, digits and - only'),
  title: localized,
  subtitle: localized,
  full_name: localized,
  starts_at: when,
  ends_at: when,
  claim_days: z.number().min(0).max(EVENT_BOUNDS.claimDaysMax).default(7),
  tabs: z.array(z.enum(EVENT_TABS)).max(EVENT_TABS.length).optional(),
  coins_per_ticket: z.number().int().positive().max(1_000_000).default(100),
  top_leaderboard_id: z.number().int().positive().nullable().default(null),
  levels: z.array(passLevel).min(1).max(EVENT_BOUNDS.levelsMax),
  tasks: z.array(passTask).max(EVENT_BOUNDS.tasksMax).default([]),
  raffle_prizes: z.array(z.string().min(1).max(200)).max(EVENT_BOUNDS.prizesMax).default([]),
  reason: operatorReason.optional(),
});

/** POST /api/v1/admin/events, and the file of `event create --file`. */
export const eventDefinition = eventFields
  .strict()
  .refine((d) => Date.parse(d.ends_at) > Date.parse(d.starts_at), { path: ['ends_at'], message: 'ends before it starts' })
  .refine((d) => d.levels.every((l, i) => i === 0 || l.threshold > d.levels[i - 1]!.threshold), { path: ['levels'], message: 'thresholds must rise' })
  .refine((d) => d.tasks.every((t) => t.level <= d.levels.length), { path: ['tasks'], message: 'a task names a level the pass does not have' });
export type EventDefinition = z.infer<typeof eventDefinition>;
export type EventDefinitionInput = z.input<typeof eventDefinition>;

/**
 * PATCH /api/v1/admin/events/:id: what changes, at least one field. The pass, its tasks and the
 * raffle stay as defined (players climb and claim against them; the raffle's seed hash is
 * published); a start moves only before it comes, an end only to a time still ahead.
 */
export const eventEditBody = z
  .object({
    title: localized,
    subtitle: localized,
    full_name: localized,
    starts_at: when,
    ends_at: when,
    claim_days: z.number().min(0).max(EVENT_BOUNDS.claimDaysMax),
    reason: operatorReason,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'name at least one field to change');
export type EventEditBody = z.infer<typeof eventEditBody>;

export const eventEndBody = z.object({ reason: operatorReason.optional() }).strict().nullish();

/** Where a season stands at the moment it is read; `closed` once its raffle is drawn and paid. */
export const OPERATOR_EVENT_STATES = ['upcoming', 'running', 'ended', 'closed'] as const;
export type OperatorEventState = (typeof OPERATOR_EVENT_STATES)[number];

export const eventUsage = z.object({
  players: z.number(),
  /** Whole coins the players earned in the season. */
  coins_earned: z.number(),
  claims: z.number(),
  tasks_done: z.number(),
  /** GOLD the claimed levels and done tasks paid. */
  rewards_paid: amount,
  raffle: z.object({ prizes: z.number(), tickets: z.number(), drawn: z.boolean(), granted: z.number() }),
});

export const operatorEvent = z.object({
  id: z.number(),
  slug: z.string(),
  title: localized,
  subtitle: localized,
  full_name: localized,
  starts_at: z.string(),
  ends_at: z.string(),
  claim_until: z.string(),
  coins_per_ticket: z.number(),
  tabs: z.array(z.string()),
  state: z.enum(OPERATOR_EVENT_STATES),
  /** Shown to players now (the running season, or the next while none runs). */
  shown: z.boolean(),
  raffle_seed_hash: z.string(),
  usage: eventUsage,
});
export type OperatorEvent = z.infer<typeof operatorEvent>;

export const operatorEventsResponse = z.object({ items: z.array(operatorEvent) });
export type OperatorEventsResponse = z.infer<typeof operatorEventsResponse>;

/** One season with its pass: each level with how many reached and claimed it, each task with how many did it. */
export const operatorEventDetail = operatorEvent.extend({
  levels: z.array(
    z.object({
      level: z.number(),
      threshold: z.number(),
      money: amount,
      coins: z.number(),
      case_slug: z.string().nullable(),
      case_amount: z.number(),
      reached: z.number(),
      claimed: z.number(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.number(),
      level: z.number(),
      type: z.string(),
      target: z.number(),
      description: localized,
      money: amount,
      coins: z.number(),
      case_slug: z.string().nullable(),
      done: z.number(),
    }),
  ),
  raffle_prizes: z.array(z.object({ position: z.number(), item_key: z.string(), price: amount, winner_id: z.number().nullable(), granted: z.boolean() })),
  /** The season's document as JSON text (the file `event create` reads), to start the next one from. */
  definition: z.string(),
});
export type OperatorEventDetail = z.infer<typeof operatorEventDetail>;
