import { z } from 'zod';
import { EVENT_TABS } from '../battle-pass.ts';
import { TASK_TYPES } from '../events.ts';
import { amount, paginator } from './common.ts';
import { caseCard } from './cases.ts';

// The seasonal event's calls (spec §3 Event settings, Battle pass, Info popup, Raffle result; §7
// Main page and event calls; decision 017). Coins are whole event coins on the wire (the wallet
// keeps minor units like any other); money is site-currency units.

export const eventTab = z.enum(EVENT_TABS);

const gradient = z.object({ color: z.string(), hover: z.string() });

/** The raffle as the event settings announce it: the seed's hash is public from the start. */
export const eventRaffle = z.object({
  prize_count: z.number(),
  coins_per_ticket: z.number(),
  server_seed_hash: z.string(),
  /** Revealed once drawn: with the client seed it recomputes every winner (`drawRaffle`). */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  drawn: z.boolean(),
});

/** A signed-in player's standing in the event; null for guests. */
export const eventUserStats = z.object({
  coins: z.number(),
  coins_earned: z.number(),
  pass_level: z.number(),
  tickets: z.number(),
});

/** GET /api/v1/event/current (spec §3 Event settings); `data` is null when no event is on. */
export const eventSettings = z.object({
  id: z.number(),
  slug: z.string(),
  /** Running now (started and not ended). */
  current_event: z.boolean(),
  is_new: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Done levels stay claimable until then. */
  claim_until: z.string(),
  time_to_event_start: z.number(),
  time_to_event_over: z.number(),
  event_timer_unix_time: z.number(),
  active_tabs: z.array(eventTab),
  user_stats: eventUserStats.nullable(),
  event_title: z.string(),
  event_subtitle: z.string(),
  event_full_name: z.string(),
  cases_section_titles: z.object({ cases: z.string(), coin_cases: z.string(), new_cases: z.string() }),
  challenge_card_gradient: z.string(),
  coin_icon: z.string(),
  coin_color: z.string(),
  event_button_gradient: gradient,
  image_background: z.object({ m: z.string(), s: z.string(), xl: z.string(), xxl: z.string() }),
  image_logo: z.object({ case: z.string(), ladder: z.string(), m: z.string(), s: z.string(), xl: z.string() }),
  image_overview: z.object({ cases: z.string(), battle: z.string(), up: z.string(), bonus: z.string(), offer: z.string() }),
  popup_images: z.array(z.string()),
  /** Spec §3 getCasesImages: each case section's picture, keyed as `cases_section_titles` (decision 082). */
  get_cases_images: z.object({ cases: z.string(), coin_cases: z.string(), new_cases: z.string() }),
  raffle: eventRaffle.nullable(),
  /** The season's leaderboard (`/event/top`), paid by the leaderboards' close. */
  top_leaderboard_id: z.number().nullable(),
});
export type EventSettings = z.infer<typeof eventSettings>;

export const passCase = z.object({ amount: z.number(), img: z.string(), url: z.string(), name: z.string(), slug: z.string() });
export const passReward = z.object({ money: amount, coins: z.number(), cases: z.array(passCase) });

export const passTask = z.object({
  id: z.number(),
  level: z.number(),
  description: z.string(),
  /** For a money task, site-currency units; otherwise a count. */
  progress_data: z.object({ current: z.number(), end: z.number() }),
  reward: passReward,
  task: z.object({ type: z.enum(TASK_TYPES as [string, ...string[]]), options: z.object({ ids: z.array(z.number()), names: z.array(z.string()) }) }),
  completed: z.boolean(),
});
export type PassTask = z.infer<typeof passTask>;

export const passLevel = z.object({
  level: z.number(),
  /** Event coins earned at which it is reached. */
  threshold: z.number(),
  /** Coins from the previous level (spec §3 cost). */
  cost: z.number(),
  type: z.enum(['classic', 'rare', 'ultra']),
  active: z.boolean(),
  current: z.boolean(),
  done: z.boolean(),
  state: z.enum(['locked', 'current', 'done', 'received']),
  case_data: z.array(passCase),
  balance_data: z.object({ coins: z.number(), money: amount }),
  tasks: z.array(passTask),
});
export type PassLevel = z.infer<typeof passLevel>;

/** GET /api/v1/challenge (spec §3 Battle pass response). A guest gets coins 0 and no tasks. */
export const battlePass = z.object({
  event_id: z.number(),
  guest: z.boolean(),
  levels: z.array(passLevel),
  /** Event coins earned this season: what climbs the pass. */
  current_coins: z.number(),
  current_level: z.number().nullable(),
  finished: z.boolean(),
  /** The pass may still be claimed (until the event's claim_until). */
  claimable: z.boolean(),
  challenge_progress_gradient: z.string(),
  challenge_icons: z.object({ coin: z.string(), rare: z.string(), ultra: z.string(), case: z.string() }),
});
export type BattlePass = z.infer<typeof battlePass>;

export const passLevelParams = z.object({ slug: z.coerce.number().int().min(1).max(1000) });

/** POST /api/v1/event/challenge/prize/{level}: what the claim paid and the wallets after it. */
export const passClaimResult = z.object({
  level: z.number(),
  prize_type: z.enum(['money', 'coins', 'case']),
  reward: passReward,
  balance: amount,
  coin_balance: z.number(),
});
export type PassClaimResult = z.infer<typeof passClaimResult>;

/** An event case card (spec §3 Event card) on top of the ordinary case card. */
export const eventCase = caseCard.extend({
  section: z.string(),
  link: z.string(),
  /** Event coins one opening gives, null when the case gives none. */
  tasty_coins: z.object({ min: z.number(), max: z.number() }).nullable(),
  counter_start: z.number().nullable(),
  counter_end: z.number().nullable(),
  /**
   * Spec §3 Case's event variant: on top of the case's own limit figures, `total_count` the
   * openings the case has in all (null when unlimited) and `opened_count` those already made,
   * store-wide. `counter_start`/`counter_end` say the same as start and what is left.
   */
  statistic_data: caseCard.shape.statistic_data.extend({ total_count: z.number().nullable(), opened_count: z.number() }),
  /** Below the player's level (or switched off). */
  locked: z.boolean(),
  color_data: z.object({ gradient: z.string(), circle: z.string(), gradient_hovered: z.string(), circle_shadow: z.string() }),
});
export type EventCase = z.infer<typeof eventCase>;

export const eventCasesQuery = z.object({
  count: z.coerce.number().int().min(1).max(100).optional(),
  /** event: cases that give coins; coins: cases bought with coins. */
  type: z.enum(['event', 'coins']).default('event'),
});

export const personalProgressQuery = z.object({ caseName: z.string().min(1).max(100) });
export const personalProgress = z.object({ case: z.string(), opened: z.number(), coins_earned: z.number() });
export type PersonalProgress = z.infer<typeof personalProgress>;

export const raffleQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const raffleRow = z.object({
  position: z.number(),
  item_id: z.string(),
  item: z.string(),
  img: z.string(),
  price: z.object({ currency: z.string(), price: amount }),
  user_id: z.number().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  level: z.number().nullable(),
  tickets: z.number().nullable(),
  ticket: z.number().nullable(),
  tickets_in_draw: z.number().nullable(),
});
/**
 * GET /api/v1/event/raffle-result/{slug} (spec §3 Raffle result): `raffle_result` is the page of
 * prizes with their winners, `me_in_raffle` the caller's own entries in the same row shape (the
 * prizes they won, from every page; empty before the draw or when they won nothing; null for a
 * guest), and `my_tickets` how many tickets the caller holds, since a player who has not won has
 * no row to carry them.
 */
export const raffleResult = z.object({
  prize_count: z.number(),
  drawn: z.boolean(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  raffle_result: z.array(raffleRow),
  me_in_raffle: z.array(raffleRow).nullable(),
  my_tickets: z.number().nullable(),
  paginator,
});
export type RaffleResult = z.infer<typeof raffleResult>;

export const eventBanner = z.object({ id: z.string(), title: z.string(), subtitle: z.string(), image: z.string(), link: z.string(), ends_in: z.number() });

/** GET /api/v1/popup/info: the pass's rewards and the daily cases for the info popup. */
export const infoPopup = z.object({
  chaleng: z.object({ levels: z.array(passLevel.pick({ level: true, type: true, case_data: true, balance_data: true })) }),
  daily_case: z.array(z.object({ id: z.number(), img: z.string(), name: z.string() })),
});
export type InfoPopup = z.infer<typeof infoPopup>;

/** `event_coins` on the player's channel: a task was completed and paid. */
export const eventCoinsNotice = z.object({ task_id: z.number(), description: z.string(), reward: passReward, coin_balance: z.number(), balance: amount });
export type EventCoinsNotice = z.infer<typeof eventCoinsNotice>;
